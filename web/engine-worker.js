// The engine's Web Worker (crates/xiangqi-engine-web): jobs from the page in, replies out, each a
// JSON text. Requests that arrive while the module loads wait for it. tools/web.sh puts the
// build's hash into the names below.
import init, { EngineWorker } from './engine-@EHASH@.js';

const waiting = [];
let engine = null;
self.onmessage = (event) => {
  if (engine === null) {
    waiting.push(event.data);
  } else {
    engine.run(event.data, (reply) => self.postMessage(reply));
  }
};
await init({ module_or_path: './engine-@EHASH@_bg.wasm' });
engine = new EngineWorker();
for (const request of waiting.splice(0)) {
  engine.run(request, (reply) => self.postMessage(reply));
}
