import "server-only";

/**
 * The environment of a part's process with glibc's allocator told to return large freed blocks.
 * With its default, dynamic threshold, blocks of 128 KB and more freed once make the threshold
 * grow, and later ones are carved from the process's heap, where what is freed stays resident:
 * about 90 MB of an app server that has just loaded Next.js's server chunks. A fixed 64 KB
 * threshold gives each larger block its own mapping, unmapped when freed. Other C libraries
 * (musl) ignore the variable; an operator's own GLIBC_TUNABLES is kept as it is.
 */
export function withMallocTunables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return env.GLIBC_TUNABLES ? env : { ...env, GLIBC_TUNABLES: "glibc.malloc.mmap_threshold=65536" };
}
