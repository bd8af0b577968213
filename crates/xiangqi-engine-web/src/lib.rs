//! The engine in a browser's Web Worker (the worker script in `web/index.html` loads it). A page
//! must not search on its main thread, and a worker shares no memory with the page, so the page
//! sends jobs as text and reads the replies as they come
//! ([`xiangqi_engine::analysis::jobs::wire`]): the computer's move, hints, analysis and review all
//! run here, one job at a time, on one engine that keeps its hash table between jobs. The page stops a job by ending the worker and starting
//! another. Built for `wasm32-unknown-unknown` only; elsewhere this crate is empty.

#[cfg(target_arch = "wasm32")]
mod worker {
    use wasm_bindgen::prelude::*;
    use xiangqi_engine::Engine;
    use xiangqi_engine::analysis::jobs::wire::serve;

    /// One engine, kept between jobs.
    #[wasm_bindgen]
    pub struct EngineWorker {
        engine: Engine,
    }

    #[wasm_bindgen]
    impl EngineWorker {
        /// A fresh engine (the built-in book and network).
        #[wasm_bindgen(constructor)]
        #[must_use]
        pub fn new() -> EngineWorker {
            EngineWorker {
                engine: Engine::new(),
            }
        }

        /// Runs one request and calls `post` with each reply's text, the answer last.
        pub fn run(&mut self, request: &str, post: &js_sys::Function) {
            serve(&mut self.engine, request, &mut |text| {
                let _ = post.call1(&JsValue::NULL, &JsValue::from_str(&text));
            });
        }
    }

    impl Default for EngineWorker {
        fn default() -> EngineWorker {
            EngineWorker::new()
        }
    }
}
