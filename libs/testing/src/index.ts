/** What a remote's specs import; setup-dom.ts and style-stub.ts are wired in by jest.remote.cjs. */
export { act, cleanup, render, renderTree } from './render';
