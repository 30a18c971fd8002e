import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { S3Config } from '../../config.ts';
import { contentTypeOf, MEDIA_KEY_RE, type MediaStore, type StoredObject } from './media-store.ts';

/** Any S3-compatible bucket (AWS, MinIO, R2, Garage): app servers then keep no files (docs/design.md §8). */
export function createS3MediaStore(config: S3Config): MediaStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
  return {
    async put(key: string, body: Buffer, contentType: string) {
      if (!MEDIA_KEY_RE.test(key)) throw new Error(`Refusing media key ${key}`);
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key: string): Promise<StoredObject | null> {
      if (!MEDIA_KEY_RE.test(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        return {
          body: out.Body as Readable,
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? contentTypeOf(key),
        };
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async size(key: string): Promise<number | null> {
      if (!MEDIA_KEY_RE.test(key)) return null;
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key }));
        return out.ContentLength ?? 0;
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === 'NotFound' || name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async *listKeys(): AsyncIterable<string> {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key && MEDIA_KEY_RE.test(object.Key)) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async totalBytes(): Promise<number> {
      let total = 0;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key && MEDIA_KEY_RE.test(object.Key)) total += object.Size ?? 0;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return total;
    },
    async delete(key: string) {
      if (!MEDIA_KEY_RE.test(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    presignedUrl(key: string, signedAt: Date, expiresInSeconds: number) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket: config.bucket, Key: key }), {
        expiresIn: expiresInSeconds,
        signingDate: signedAt,
      });
    },
  };
}
