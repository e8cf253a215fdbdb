import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, type TestClient, type TestContext } from '../../testing';
import { openFile, storagesFromConfig, storeUpload } from '.';

function png(width = 40, height = 30): Buffer {
  const c = createCanvas(width, height);
  const g = c.getContext('2d');
  g.fillStyle = '#3a7';
  g.fillRect(0, 0, width, height);
  for (let i = 0; i < 200; i++) {
    g.fillStyle = `hsl(${i * 7}, 70%, 50%)`;
    g.fillRect((i * 37) % width, (i * 53) % height, 9, 9);
  }
  return c.toBuffer('image/png');
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

function form(name: string, data: Buffer, fields: Record<string, string> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([data]), name);
  return f;
}

describe('files on the own server (mode 1)', () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  let ta: { id: number };
  let tb: { id: number };
  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, ta, tb } = await adminsOfTwoTenants(t));
  });
  afterAll(() => t.close());

  it('uploads an image, reads it back with the token only, and keeps other tenants out', async () => {
    expect((await a.get('/st365/systemfile/mode')).body.data).toBe('1');
    const image = png();
    const up = await a.upload('/st365/systemfile/upload', form('照片.png', image, { code: '012' }));
    expect(up.body).toMatchObject({ msg: '文件上传成功', data: { realFileName: '照片.png', fileSize: image.length } });
    expect(up.body.data.filePath).toMatch(/^\d+\/\d{6}\/imgs\/\d+-照片\.png$/);
    const read = await a.get(`/st365${up.body.data.url}`);
    expect(read.raw.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(read.raw.rawPayload, image)).toBe(0);
    expect((await b.get(`/st365${up.body.data.url}`)).body.msg).toBe('文件不存在');
    const anonymous = await t.app.inject({ url: `/st365${up.body.data.url}` });
    expect(anonymous.json().code).toBe(401);

    const doc = await a.upload('/st365/systemfile/upload', form('申报书.pdf', PDF));
    expect(doc.body.data.filePath).toContain('/imgs/');
  });

  it('refuses each bad upload with the spec message, and stores nothing', async () => {
    const cases: [string, Buffer, Record<string, string>, string][] = [
      [`${'名'.repeat(57)}.pdf`, PDF, {}, '文件名包含后缀名请小于60字！'],
      ['run.exe', EXE, {}, '文件格式不符合规范！'],
      ['script.py', Buffer.from('print(1)'), {}, '文件格式不符合规范！'],
      ['invoice.pdf', EXE, {}, '文件内容与扩展名不符，请上传真实的文件'],
      ['photo.jpg', HTML, {}, '文件内容与扩展名不符，请上传真实的文件'],
      [
        'big.pdf',
        Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]),
        { rules: '{"maxSizeMB":1}' },
        '上传文件超过标准大小了，请重新上传！',
      ],
      ['a.pdf', PDF, { rules: '{"accept":["doc","docx"]}' }, '上传文件只能为doc、docx格式'],
      ['a.pdf', PDF, { rules: '{"imagesOnly":true}' }, '上传图片只能为jpg、png、gif、jpeg、bmp格式'],
      ['a.pdf', PDF, { rules: '{"maxCount":2}', count: '2' }, '文件不能超过 2 个'],
      ['a.pdf', PDF, { rules: 'not json' }, '上传参数有误'],
    ];
    for (const [name, data, fields, msg] of cases) {
      const res = await a.upload('/st365/systemfile/upload', form(name, data, fields));
      expect(res.body.msg, name).toBe(msg);
    }
  });

  it("keeps a module's private file (a purpose) out of the general route; its module's route serves it", async () => {
    const storages = storagesFromConfig(t.app.config);
    const who = { tenantId: ta.id, userId: null };
    const input = { fileName: '合同.pdf', data: PDF, code: '012', isPress: false, rules: {} };
    const kept = await storeUpload(t.db, storages, who, { ...input, purpose: 'contracts.signed' });
    expect((await a.get(`/st365${kept.url}`)).body.msg).toBe('文件不存在');
    // The module opens it by naming the purpose; another purpose, or none, does not find it.
    const opened = await openFile(t.db, storages, ta.id, kept.id, 'contracts.signed');
    expect(opened).toMatchObject({ name: '合同.pdf', type: 'application/pdf', size: PDF.length });
    opened.body.destroy();
    await expect(openFile(t.db, storages, ta.id, kept.id, 'appeals.proof')).rejects.toThrow('文件不存在');
    await expect(openFile(t.db, storages, ta.id, kept.id)).rejects.toThrow('文件不存在');
    await expect(openFile(t.db, storages, tb.id, kept.id, 'contracts.signed')).rejects.toThrow('文件不存在');
    // A module's limit decides in the transaction that keeps the file: refused, nothing is kept.
    const dir = path.join(t.app.config.DATA_DIR, 'files', String(ta.id));
    const before = fs.readdirSync(dir, { recursive: true }).length;
    const refused = storeUpload(
      t.db,
      storages,
      who,
      { ...input, purpose: 'contracts.signed' },
      {
        admit: async () => {
          throw new Error('over the limit');
        },
      },
    );
    await expect(refused).rejects.toThrow('over the limit');
    expect(fs.readdirSync(dir, { recursive: true }).length).toBe(before);
  });

  it('scales a large image down when asked (isPress 1)', async () => {
    const big = png(2600, 1300);
    const res = await a.upload('/st365/systemfile/upload', form('大图.png', big, { isPress: '1' }));
    const stored = (await a.get(`/st365${res.body.data.url}`)).raw.rawPayload;
    expect(stored.readUInt32BE(16)).toBe(2000);
    expect(stored.readUInt32BE(20)).toBe(1000);
  });
});

describe('files on S3-compatible storage (mode 2), against a loopback S3 server', () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  let server: S3rver;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
    const { port } = await server.run();
    t = await createTestApp({
      FILE_STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'shetuan-test',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    ({ a, b } = await adminsOfTwoTenants(t));
  });
  afterAll(async () => {
    await t.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function putTo(url: string, data: Buffer, type: string) {
    return fetch(url, { method: 'PUT', body: data, headers: { 'content-type': type } });
  }

  it('presigns, takes the PUT, saves the record after checking it, and serves it with the token', async () => {
    expect((await a.get('/st365/systemfile/mode')).body.data).toBe('2');
    const image = png();
    const signed = (
      await a.post('/st365/systemfile/presign', {
        fileName: '封面.png',
        fileSize: image.length,
        contentType: 'image/png',
      })
    ).body.data;
    expect(signed.filePath).toMatch(/\/imgs\/\d+-封面\.png$/);
    expect((await putTo(signed.uploadUrl, image, 'image/png')).status).toBe(200);
    const saved = await a.post('/st365/systemfile/record', {
      fileDir: signed.fileDir,
      filePath: signed.filePath,
      fileSize: image.length,
      realFileName: '封面.png',
    });
    expect(saved.body).toMatchObject({
      msg: '文件上传成功',
      data: { filePath: signed.filePath, fileSize: image.length },
    });
    const read = await a.get(`/st365${saved.body.data.url}`);
    expect(Buffer.compare(read.raw.rawPayload, image)).toBe(0);
    expect((await b.get(`/st365${saved.body.data.url}`)).body.msg).toBe('文件不存在');
    expect(
      (
        await b.post('/st365/systemfile/record', {
          filePath: signed.filePath,
          fileSize: image.length,
          realFileName: 'x.png',
        })
      ).body.msg,
    ).toBe('获取上传状态失败');
  });

  it('refuses a record whose object is missing, of another size, or not what its name says', async () => {
    const sign = async (fileName: string, size: number) =>
      (await a.post('/st365/systemfile/presign', { fileName, fileSize: size, contentType: '' })).body.data;
    const missing = await sign('未上传.pdf', PDF.length);
    expect(
      (
        await a.post('/st365/systemfile/record', {
          filePath: missing.filePath,
          fileSize: PDF.length,
          realFileName: '未上传.pdf',
        })
      ).body.msg,
    ).toBe('获取上传状态失败');
    const disguised = await sign('photo.jpg', HTML.length);
    await putTo(disguised.uploadUrl, HTML, 'application/octet-stream');
    expect(
      (
        await a.post('/st365/systemfile/record', {
          filePath: disguised.filePath,
          fileSize: HTML.length,
          realFileName: 'photo.jpg',
        })
      ).body.msg,
    ).toBe('文件内容与扩展名不符，请上传真实的文件');
    expect((await a.post('/st365/systemfile/presign', { fileName: 'x.exe', fileSize: 10 })).body.msg).toBe(
      '文件格式不符合规范！',
    );
  });
});
