// Loaded with NODE_OPTIONS="--import <this file>" (node refuses --cpu-prof there): starts V8's sampling
// profiler in this process and writes a .cpuprofile to $STUDIO_CPU_PROFILE_DIR when the process exits.
import { Session } from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.STUDIO_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  process.once('exit', () => {
    // A session connected to its own thread answers synchronously, so this works inside 'exit'.
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
