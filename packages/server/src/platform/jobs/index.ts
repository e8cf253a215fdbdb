export { exportPagesToFile } from './export';
export { exportJobRoute } from './export-route';
export { type JobContext, type JobHandler, type JobResult, registerJobKind, type StartTask } from './registry';
export { jobRoutes } from './routes';
export { enqueueJob } from './service';
export { jobs } from './tables';
export { backoffSeconds, JobWorker } from './worker';
