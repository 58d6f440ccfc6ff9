// Generated from andCount.wat by compileAndCount.ts (`npm run wasm -w @partners-network/server`).
// Do not edit: change the .wat and compile again; a test checks the two agree.
export const AND_COUNT_WASM =
  'AGFzbQEAAAABCAFgA39/fwF/AwIBAAUDAQABBxUCBm1lbW9yeQIACGFuZENvdW50AAAKrwEBrAECAn8CfiAAIAJqIQMgACACQWBxaiEEAkADQCAAIARPDQEgBSAAKQMAIAEpAwCDe3whBSAGIAApAwggASkDCIN7fCEGIAUgACkDECABKQMQg3t8IQUgBiAAKQMYIAEpAxiDe3whBiAAQSBqIQAgAUEgaiEBDAALCwJAA0AgACADTw0BIAUgACkDACABKQMAg3t8IQUgAEEIaiEAIAFBCGohAQwACwsgBSAGfKcL';
