// After `vite build`: writes .br and .gz beside every text asset of dist/, so the server
// (@fastify/static, preCompressed) sends the smaller file the browser accepts. Another built
// directory may be given as the argument (bench/page-weight.ts compresses its baseline build so).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'));
const TEXT = /\.(js|css|html|svg|json|txt|map)$/;
let before = 0;
let after = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (TEXT.test(entry.name) && fs.statSync(file).size > 1024) {
      const data = fs.readFileSync(file);
      const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      before += data.length;
      after += br.length;
    }
  }
}
walk(dist);
console.log(`compressed dist: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB with brotli`);
