/**
 * `--app-cpus <n>` of `npm run bench:load`: each app process (its server and its worker) gets at
 * most n CPUs through a cgroup's CPU quota, as if it ran on a machine of its own of that size.
 * On a machine with few cores this is the only way to measure what a second process adds: without
 * it, both processes, the database and the load generator share the same cores, and a second
 * process can only take CPU from the first. The database, the realtime server and the load
 * generator stay unconfined, so they are not what limits the capacity measured.
 *
 * cgroup v2 (`cpu.max`) or v1 (`cpu.cfs_quota_us`); needs root. The quota's period is the
 * kernel's default and Docker's (`--cpus`), 100 ms. A shorter one throttles more often, and
 * measured worse: p99 201 and 233 ms at 100 and 150 ops/s with 2 ms, 83 and 169 ms with 100 ms.
 */
import fs from "node:fs";
import path from "node:path";
import type { Bench } from "../harness";

const PERIOD_US = 100_000;

function cgroupRoot(): { dir: string; version: 1 | 2 } {
  const v2 = "/sys/fs/cgroup";
  if (fs.existsSync(path.join(v2, "cgroup.controllers")) && fs.readFileSync(path.join(v2, "cgroup.controllers"), "utf8").split(/\s+/).includes("cpu")) {
    return { dir: v2, version: 2 };
  }
  const v1 = "/sys/fs/cgroup/cpu";
  if (fs.existsSync(path.join(v1, "cpu.cfs_quota_us"))) return { dir: v1, version: 1 };
  throw new Error("--app-cpus needs a cgroup CPU controller (/sys/fs/cgroup with cpu, or /sys/fs/cgroup/cpu)");
}

/** Puts `pids` into a new cgroup `name` limited to `cpus` CPUs; the cgroup is removed at the bench's cleanup. */
export function confineToCpus(bench: Bench, name: string, pids: number[], cpus: number) {
  const root = cgroupRoot();
  const dir = path.join(root.dir, name);
  try {
    fs.mkdirSync(dir, { recursive: true });
    const quota = String(Math.round(cpus * PERIOD_US));
    if (root.version === 2) {
      if (!fs.readFileSync(path.join(root.dir, "cgroup.subtree_control"), "utf8").includes("cpu"))
        fs.writeFileSync(path.join(root.dir, "cgroup.subtree_control"), "+cpu");
      fs.writeFileSync(path.join(dir, "cpu.max"), `${quota} ${PERIOD_US}`);
    } else {
      fs.writeFileSync(path.join(dir, "cpu.cfs_period_us"), String(PERIOD_US));
      fs.writeFileSync(path.join(dir, "cpu.cfs_quota_us"), quota);
    }
    for (const pid of pids) fs.writeFileSync(path.join(dir, "cgroup.procs"), String(pid));
  } catch (error) {
    throw new Error(`--app-cpus: could not set up the cgroup ${dir} (${(error as Error).message}); it needs root and a writable cgroup file system`);
  }
  bench.onCleanup(async () => {
    // Its processes have stopped by now; the kernel may take a moment to let the cgroup go.
    for (let i = 0; i < 50; i++) {
      try {
        fs.rmdirSync(dir);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    bench.log(`cgroup ${dir} could not be removed`);
  });
}
