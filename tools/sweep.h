// SPDX-License-Identifier: MIT
// `tether sweep`: one scene run over the product of parameter values and seeds, one metrics folder
// per run and one table (docs/batch.md). The plan (what to run) is sweep_plan.c, the runs and the
// table sweep_run.c; under MPI (the tether-mpi program) sweep_mpi.c shares the runs among ranks.
#pragma once

#include "run.h"

#define TT_SWEEP_MAX_PARAMS 16
#define TT_SWEEP_KEY_SIZE 64

/// One --param: a key of the scene and the values it takes, each as written on the command line.
typedef struct ttSweepParam
{
	char key[TT_SWEEP_KEY_SIZE];
	bool shapeKey; ///< friction, dynamicFriction or restitution: set on every shape of every body
	int valueCount;
	char** values;
} ttSweepParam;

typedef struct ttSweepPlan
{
	const char* scenePath;
	char* sceneText; ///< the scene file, read once; every run loads it with its overrides
	ttSweepParam params[TT_SWEEP_MAX_PARAMS];
	int paramCount;
	int seedCount;  ///< seeds 0 .. seedCount - 1; seed 0 is the scene as written
	double jitter;  ///< m: half-width of a seed's displacement of each dynamic body
	double seconds; ///< < 0: the scene's own (world.seconds)
	char outDir[TT_PATH_SIZE];
	int jobs;       ///< worker processes of this process (this rank under MPI)
	bool jobsGiven; ///< --jobs was given; else all cores, shared by the ranks on one machine
	int runCount;
	char* probeHeader;   ///< the table's probe columns, ",tip.final.x,..." (malloc'd)
	int probeValueCount; ///< how many
	bool help;
} ttSweepPlan;

/// How the runs are shared: rank and size, and for size > 1 the two collective operations.
/// Without MPI this is { 0, 1, 1, NULL, NULL }.
typedef struct ttSweepComm
{
	int rank, size;
	int localSize; ///< ranks on this machine: they share its cores
	/// Every rank gives its text; rank 0 gets all of them concatenated in rank order (malloc'd,
	/// NUL-terminated), the others NULL.
	char* ( *gather )( const char* text );
	/// The logical AND of every rank's flag, known to every rank.
	bool ( *allTrue )( bool ok );
} ttSweepComm;

/// Parse the command line (argv[0] is "sweep"), read the scene and check every --param value by
/// loading the scene with it. Returns 0, 1 (the scene or a value is bad) or 2 (bad command line)
/// after printing a message; nothing is written to disk.
int ttSweepPlan_Parse( ttSweepPlan* plan, int argc, char** argv );
void ttSweepPlan_Destroy( ttSweepPlan* plan );

/// The value index of each param for run `run` (the first --param varies slowest, seeds fastest).
void ttSweepPlan_Values( const ttSweepPlan* plan, int run, int* valueIndex, int* seed );
/// The scene text of a run: the scene with its parameter values set (malloc'd), or NULL and a
/// message.
char* ttSweepPlan_RunText( const ttSweepPlan* plan, const int* valueIndex, char* error, int errorSize );
/// The run's folder name, run-0000 ...
void ttSweepPlan_RunName( const ttSweepPlan* plan, int run, char* name, int size );

/// Move every dynamic body by a displacement in [-jitter, jitter]^3 drawn from (seed, body index)
/// by a counter-based generator: the same on every machine and in every order. Seed 0 moves none.
bool ttSweep_Perturb( const ttScene* scene, int seed, double jitter );

/// The whole command; comm shares the runs among MPI ranks (NULL: this process alone).
int ttSweepMain( int argc, char** argv, const ttSweepComm* comm );
