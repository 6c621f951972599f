import { PeriodicSweep } from './periodic-sweep';

/** A sweep the test finishes by hand, counting how often it started. */
function controlledSweep() {
  const finishers: Array<(failure?: Error) => void> = [];
  const sweep = jest.fn(
    () => new Promise<void>((resolve, reject) => finishers.push((failure) => (failure ? reject(failure) : resolve()))),
  );
  const finish = async (failure?: Error) => {
    finishers.shift()?.(failure);
    // Let the sweep's settle handlers run.
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();
  };
  return { sweep, finish };
}

describe('PeriodicSweep', () => {
  it('never runs two sweeps at once, and a nudge during one runs exactly one more after it', async () => {
    const { sweep, finish } = controlledSweep();
    const periodic = new PeriodicSweep('Test sweep', 60_000, sweep);
    periodic.start({ runNow: true });
    expect(sweep).toHaveBeenCalledTimes(1);
    periodic.nudge();
    periodic.nudge();
    expect(sweep).toHaveBeenCalledTimes(1);
    await finish();
    expect(sweep).toHaveBeenCalledTimes(2);
    await finish();
    expect(sweep).toHaveBeenCalledTimes(2);
    await periodic.stop();
  });

  it('keeps going after a failed sweep, and does nothing once stopped', async () => {
    const { sweep, finish } = controlledSweep();
    const periodic = new PeriodicSweep('Test sweep', 60_000, sweep);
    const warn = jest.spyOn(periodic['logger'], 'warn').mockImplementation(() => undefined);
    periodic.start({ runNow: true });
    await finish(new Error('database restarting'));
    expect(warn).toHaveBeenCalledWith('Test sweep failed: database restarting');
    periodic.nudge();
    expect(sweep).toHaveBeenCalledTimes(2);
    await finish();
    await periodic.stop();
    periodic.nudge();
    expect(sweep).toHaveBeenCalledTimes(2);
  });

  it('lets a running sweep finish before stop() resolves', async () => {
    const { sweep, finish } = controlledSweep();
    const periodic = new PeriodicSweep('Test sweep', 60_000, sweep);
    periodic.start({ runNow: true });
    let stopped = false;
    const stopping = periodic.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    await finish();
    await stopping;
    expect(stopped).toBe(true);
  });
});
