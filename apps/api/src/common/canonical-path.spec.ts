import { canonicalPath, isUnderPath } from './canonical-path';

describe('canonicalPath', () => {
  it.each([
    ['/api/tasks', '/api/tasks'],
    ['/API/Tasks', '/api/tasks'],
    ['/api/tasks/', '/api/tasks'],
    ['/api//tasks', '/api/tasks'],
    ['//api/tasks', '/api/tasks'],
    ['/api/%74asks', '/api/tasks'],
    ['/api/%2574asks', '/api/tasks'],
    ['/api%2Ftasks', '/api/tasks'],
    ['/api\\tasks', '/api/tasks'],
    ['/x/../api/./tasks', '/api/tasks'],
    ['/x/%2e%2e/api/tasks', '/api/tasks'],
    ['/api/tasks?x=1#y', '/api/tasks'],
    ['/api/%E0%A4%A', '/api/%e0%a4%a'],
    ['/', '/'],
  ])('%s → %s', (input, expected) => {
    expect(canonicalPath(input)).toBe(expected);
  });

  it('tells what lies under a prefix', () => {
    expect(isUnderPath('/api', '/api')).toBe(true);
    expect(isUnderPath('/api', '/api/tasks')).toBe(true);
    expect(isUnderPath('/api', '/apiary')).toBe(false);
  });
});
