import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

// The official client ships the exact .proto files it speaks; load those so the wire format matches. The installed
// package carries a copy of them (protos/ beside firestore/, written by build.ts); the repository reads the client's.
const BUNDLED = fileURLToPath(new URL('../protos', import.meta.url));
const PROTO_ROOT = fs.existsSync(BUNDLED)
  ? BUNDLED
  : path.join(
      path.dirname(createRequire(import.meta.url).resolve('@google-cloud/firestore/package.json')),
      'build',
      'protos',
    );

export function loadFirestoreService(): grpc.ServiceDefinition {
  const def = protoLoader.loadSync('google/firestore/v1/firestore.proto', {
    includeDirs: [PROTO_ROOT],
    keepCase: false,
    longs: String,
    enums: String,
    defaults: false,
    oneofs: true,
  });
  const pkg = grpc.loadPackageDefinition(def) as unknown as {
    google: { firestore: { v1: { Firestore: { service: grpc.ServiceDefinition } } } };
  };
  return pkg.google.firestore.v1.Firestore.service;
}
