// SPDX-License-Identifier: MIT
// `tether bench`: timing of scenes, one 1/60 s frame at a time.
#pragma once

#include "scene.h"

#include <stdbool.h>

/// Entry point of `tether bench`; argv[0] is "bench". Returns the process exit code
/// (0 success, 1 a scene failed, 2 bad arguments).
int ttBenchMain( int argc, char** argv );

/// The median of `count` values (sorts them in place; the upper one of an even count).
double ttBench_Median( double* values, int count );
/// Load a bench scene (message on failure). A relative path that is not found from the current
/// directory is looked for under the source tree the program was built from, so the built-in
/// suites run from any directory.
bool ttBench_LoadScene( const char* path, ttScene* scene );

/// `tether bench --broadphase`: pair collection cost from 100 to 100,000 bodies (bench_broadphase.c).
int ttBenchBroadphase( int argc, char** argv );

/// `tether bench --solvers`: the solver comparison scenes under every joint solver, one table of
/// time and quality (bench_solvers.c).
int ttBenchSolvers( int argc, char** argv );

/// The particle scenes (cloth, soft-body pile, the paper's car) as a second table, their cost per
/// substep per particle and per particle constraint (bench_particles.c). false if one failed.
bool ttBenchParticleSuite( int frames, int runs );
