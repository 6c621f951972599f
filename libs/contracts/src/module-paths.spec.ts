import { isEntryPath, pathShows } from './module-paths';

describe('isEntryPath', () => {
  it.each(['static/js/email.1dd65c07ea.js', 'remoteEntry.js', 'a/b-c_d.e.js'])(
    'takes a script of the build: %s',
    (path) => expect(isEntryPath(path)).toBe(true),
  );

  it.each([
    ['a scheme', 'https://cdn.example/static/js/email.js'],
    ['a protocol-relative URL', '//cdn.example/email.js'],
    ['a leading /', '/static/js/email.js'],
    ['a leading ./', './static/js/email.js'],
    ['a .. segment', 'static/../../other/email.js'],
    ['a trailing .. segment', 'static/js/..'],
    ['a file that is not a script', 'static/js/email.json'],
    ['a query string', 'static/js/email.js?v=2'],
    ['no string', 42],
  ])('refuses %s', (_what, value) => expect(isEntryPath(value)).toBe(false));

  it('takes a file whose name holds two dots', () => expect(isEntryPath('static/js/a..b.js')).toBe(true));
});

describe('pathShows', () => {
  it('shows the root only at the root', () => {
    expect(pathShows('/', '/')).toBe(true);
    expect(pathShows('/', '/tasks')).toBe(false);
  });

  it('shows a route at its own path and below it, not at a longer name', () => {
    expect(pathShows('/tasks', '/tasks')).toBe(true);
    expect(pathShows('/tasks', '/tasks/42')).toBe(true);
    expect(pathShows('/tasks', '/tasks-archive')).toBe(false);
    expect(pathShows('/tasks', '/')).toBe(false);
  });
});
