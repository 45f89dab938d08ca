// SPDX-License-Identifier: MIT
// Running a loaded scene headless and writing its metrics (the body of `tether run`).
#pragma once

#include "metrics.h"

#define TT_PATH_SIZE 1024

typedef struct ttRunOptions
{
	double seconds;     ///< simulated duration; < 0 means the scene's own `seconds`
	const char* outDir; ///< NULL means out/<scene name>
} ttRunOptions;

typedef struct ttRunResult
{
	ttRunTiming timing;
	char outDir[TT_PATH_SIZE];
	char csvPath[TT_PATH_SIZE];
	char summaryPath[TT_PATH_SIZE];
	double finalEnergy, initialEnergy;
	int brokenJoints;
} ttRunResult;

/// Step the scene for the requested time, writing metrics.csv (a row at t = 0 and after every
/// step) and summary.json into the output directory, which is created if needed.
bool ttRunScene( const ttScene* scene, const ttRunOptions* options, ttRunResult* result, char* error, int errorSize );

/// Create a directory and its parents (like mkdir -p).
bool ttMakeDirectories( const char* path, char* error, int errorSize );

/// The default output directory out/<name>, with characters other than letters, digits, '.',
/// '-' and '_' in the name replaced by '_'.
void ttDefaultOutDir( const char* sceneName, char* path, int size );

/// The long range switches of a command line: --long-range NAME=on|off, repeatable.
typedef struct ttLongRangeSwitches
{
	bool set[ttLongRange_featureCount];
	bool on[ttLongRange_featureCount];
} ttLongRangeSwitches;

/// Parse "NAME=on|off" (NAME as ttLongRangeFeatureName) into the switches; false when malformed.
bool ttLongRangeSwitches_Parse( ttLongRangeSwitches* switches, const char* text );
/// Apply the switches that were set to the world; false (with a message on stderr) when the world
/// rejects one, e.g. a feature this build does not implement.
bool ttLongRangeSwitches_Apply( const ttLongRangeSwitches* switches, ttWorldId worldId );

/// A monotonic clock in seconds.
double ttNowSeconds( void );
