import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * A real S3-compatible server for tests (s3rver, from npm): on loopback, storing in a temporary
 * folder, with one bucket. It checks request signatures as S3 does, with its fixed key pair.
 */
export class TestBucket {
  private constructor(
    private readonly server: S3rver,
    private readonly dir: string,
    readonly endpoint: string,
    readonly bucket: string,
    private readonly client: S3Client,
  ) {}

  static async start(bucket = 'memories'): Promise<TestBucket> {
    const dir = mkdtempSync(path.join(tmpdir(), 'mm-s3-'));
    const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    return new TestBucket(server, dir, endpoint, bucket, client);
  }

  /** The app's S3_* variables for this bucket. */
  get env(): Record<string, string> {
    return {
      S3_BUCKET: this.bucket,
      S3_ENDPOINT: this.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
  }

  /** Every key in the bucket, sorted. */
  async keys(): Promise<string[]> {
    const out = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket }));
    return (out.Contents ?? []).map((o) => o.Key!).sort();
  }

  async close(): Promise<void> {
    this.client.destroy();
    await this.server.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
