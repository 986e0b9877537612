// The entry of each server process under the WEB_CONCURRENCY supervisor (serve-cluster.ts): the
// production build, in plain JavaScript, so that no worker loads Node's type stripper.
import { failedToStart, loadProductionApp, serveApp } from "./serve-app.js";

loadProductionApp(import.meta.dirname)
  .then(serveApp)
  .catch(failedToStart);
