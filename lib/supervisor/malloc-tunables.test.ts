import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { withMallocTunables } from "./malloc-tunables";

describe("withMallocTunables", () => {
  it("gives a part's process glibc's fixed mmap threshold, which its allocator accepts", () => {
    const { GLIBC_TUNABLES: _own, ...parent } = process.env;
    const env = withMallocTunables({ ...parent, KEEP: "1" });
    expect(env.KEEP).toBe("1");
    const child = spawnSync(process.execPath, ["-e", "process.stdout.write(process.env.GLIBC_TUNABLES)"], { env, encoding: "utf8" });
    expect(child.status).toBe(0);
    expect(child.stdout).toBe("glibc.malloc.mmap_threshold=65536");
  });

  it("keeps an operator's own tunables", () => {
    expect(withMallocTunables({ ...process.env, GLIBC_TUNABLES: "glibc.malloc.arena_max=2" }).GLIBC_TUNABLES).toBe("glibc.malloc.arena_max=2");
  });
});
