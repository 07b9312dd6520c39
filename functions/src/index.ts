import type { Express } from 'express';
import { onRequest } from 'firebase-functions/v2/https';
import { setGlobalOptions } from 'firebase-functions/v2';
import { createApp } from './app.js';
import { defaultModules } from './modules.default.js';
import { params } from './config.js';
import { patchFunctionsRuntime } from './http/runtime-errors.js';
import { createBackgroundTasksFunction } from './platform/tasks/task-function.js';

setGlobalOptions({ region: params.region });

// Body-parser failures of the Functions runtime (before our app) answer {code, message} JSON too.
patchFunctionsRuntime();

// The app (and with it the configuration) is built on the first request: a deploy loads this module
// to discover the functions before any parameter has a value.
let modules: ReturnType<typeof defaultModules> | undefined;
const built = () => (modules ??= defaultModules());
let app: Express | undefined;
// 1 GiB: the API reads uploaded BOMs whole (a 100 000-row .xlsx peaks near 410 MB with the streamed reader,
// docs/performance.md) and maps up to BOM_SYNC_MAX_LINES lines in the request (docs/decisions-bom.md "Function
// memory"); 60 s is the most Hosting waits anyway.
export const api = onRequest({ memory: '1GiB', timeoutSeconds: 60 }, (req, res) =>
  (app ??= createApp(built()))(req, res),
);

// Background tasks (platform/tasks/README.md): defined after setGlobalOptions, so it runs in REGION too.
export const backgroundTasks = createBackgroundTasksFunction(() => built().platform.tasks);
