import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../config';

/** Where file bytes live. Keys are relative paths; a storage never sees a tenant id otherwise. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Readable>;
  /** The size, or null when the object is not there. */
  size(key: string): Promise<number | null>;
  /** The first bytes (type sniffing of a presigned upload). */
  head(key: string, bytes: number): Promise<Buffer>;
  /** A short-lived address the browser may PUT the file to (cloud mode only). */
  presignPut?(key: string, contentType: string, seconds: number): Promise<string>;
}

/** The embedded default: DATA_DIR/files/{key}. */
export class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  private file(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(`${path.resolve(this.root)}${path.sep}`)) throw new Error('file key outside the storage');
    return full;
  }

  async put(key: string, body: Readable | Buffer, _contentType: string): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    if (Buffer.isBuffer(body)) await fs.promises.writeFile(file, body);
    else await pipeline(body, fs.createWriteStream(file));
  }

  async get(key: string): Promise<Readable> {
    return fs.createReadStream(this.file(key));
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fs.promises.stat(this.file(key))).size;
    } catch {
      return null;
    }
  }

  async head(key: string, bytes: number): Promise<Buffer> {
    const handle = await fs.promises.open(this.file(key), 'r');
    try {
      const buf = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buf, 0, bytes, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }
}

type S3Config = Pick<
  AppConfig,
  'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

/**
 * Any S3-compatible service (AWS, MinIO, OSS and COS in S3 mode), by environment variables. The
 * SDK loads on first use, so deployments on local storage never load it.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  private sdk: Promise<{ client: S3Client; s3: typeof import('@aws-sdk/client-s3') }> | null = null;
  private bucketChecked = false;

  constructor(
    private readonly config: S3Config,
    private readonly bucket: string,
  ) {}

  private load() {
    this.sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        endpoint: this.config.S3_ENDPOINT,
        region: this.config.S3_REGION,
        forcePathStyle: this.config.S3_FORCE_PATH_STYLE,
        credentials: {
          accessKeyId: this.config.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: this.config.S3_SECRET_ACCESS_KEY ?? '',
        },
      }),
    }));
    return this.sdk;
  }

  /** Creates the bucket when the service does not have it yet (development servers). */
  private async ready() {
    const sdk = await this.load();
    if (!this.bucketChecked) {
      try {
        await sdk.client.send(new sdk.s3.HeadBucketCommand({ Bucket: this.bucket }));
      } catch {
        await sdk.client.send(new sdk.s3.CreateBucketCommand({ Bucket: this.bucket }));
      }
      this.bucketChecked = true;
    }
    return sdk;
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<void> {
    const { client, s3 } = await this.ready();
    const data = Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
    await client.send(new s3.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType }));
  }

  async get(key: string): Promise<Readable> {
    const { client, s3 } = await this.ready();
    const res = await client.send(new s3.GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return res.Body as Readable;
  }

  async size(key: string): Promise<number | null> {
    const { client, s3 } = await this.ready();
    try {
      const res = await client.send(new s3.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return res.ContentLength ?? null;
    } catch {
      return null;
    }
  }

  async head(key: string, bytes: number): Promise<Buffer> {
    const { client, s3 } = await this.ready();
    const res = await client.send(
      new s3.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
    );
    return Buffer.from(await (res.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
  }

  async presignPut(key: string, contentType: string, seconds: number): Promise<string> {
    const { client, s3 } = await this.ready();
    const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
    return getSignedUrl(client, new s3.PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }), {
      expiresIn: seconds,
    });
  }
}

/** The storages of a deployment: the main one, and the separate base of tenant type 14. */
export interface Storages {
  main: FileStorage;
  independent: FileStorage;
}

export function storagesFromConfig(config: AppConfig): Storages {
  if (config.FILE_STORAGE === 's3') {
    const main = new S3Storage(config, config.S3_BUCKET ?? '');
    const independent = config.S3_BUCKET_INDEPENDENT ? new S3Storage(config, config.S3_BUCKET_INDEPENDENT) : main;
    return { main, independent };
  }
  const main = new LocalStorage(path.join(config.DATA_DIR, 'files'));
  return { main, independent: new LocalStorage(path.join(config.DATA_DIR, 'files-independent')) };
}

export { Readable };
