/** What a remote's specs import; setup-dom.ts and style-stub.ts are wired in by jest.remote.cjs. */
export { act, cleanup, render, renderTree } from './render';
export {
  allByText,
  button,
  byText,
  click,
  mockFetch,
  pickMenuItem,
  renderScreen,
  route,
  settle,
  testUser,
  type,
  waitFor,
  type Answer,
  type Call,
  type Handler,
} from './harness';
