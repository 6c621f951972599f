import { documentStoreBehaviour } from '../../../test/document-store-behaviour';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { S3DocumentStore } from './s3-document-store';

let server: TestS3Server;
let store: S3DocumentStore;

describe('S3DocumentStore (against a real S3-protocol server)', () => {
  documentStoreBehaviour(
    async () => {
      server = await startS3Server();
      store = new S3DocumentStore({
        endpoint: server.endpoint,
        region: 'us-east-1',
        bucket: server.bucket,
        accessKeyId: server.accessKeyId,
        secretAccessKey: server.secretAccessKey,
        forcePathStyle: true,
      });
      return { store, contents: () => server.keys() };
    },
    async () => {
      store?.destroy();
      await server?.stop();
    },
  );
});
