// SPDX-License-Identifier: MIT
// Per-step metrics of a scene (energy, momentum, joint errors, joint forces, probes) as CSV rows,
// and a JSON summary of a run. Used by `tether run`; the columns are listed in docs/cli.md.
#pragma once

#include "scene.h"

#include <stdio.h>

/// The columns that every scene has, in CSV order; joint and probe columns follow them.
typedef enum ttMetricColumn
{
	ttMetric_time = 0,
	ttMetric_kineticEnergy,
	ttMetric_potentialEnergy,
	ttMetric_totalEnergy,
	ttMetric_linearMomentumX,
	ttMetric_linearMomentumY,
	ttMetric_linearMomentumZ,
	ttMetric_angularMomentumX,
	ttMetric_angularMomentumY,
	ttMetric_angularMomentumZ,
	ttMetric_maxJointPositionError,
	ttMetric_meanJointPositionError,
	ttMetric_maxJointAngleError,
	ttMetric_meanJointAngleError,
	ttMetric_contactCount,
	ttMetric_supportingContacts, ///< long range supporting contacts found at the start of the step
	ttMetric_supportedBodies,    ///< bodies they held up
	ttMetric_fixedCount,         ///< first joint column: <joint>.force, <joint>.torque, then probes
} ttMetricColumn;

/// Number of columns for this scene: the fixed ones, two per joint, one or three per probe.
int ttMetrics_ColumnCount( const ttScene* scene );
/// Name of a column, such as "totalEnergy", "hinge1.force" or "tip.y".
void ttMetrics_ColumnName( const ttScene* scene, int column, char* name, int size );
/// Measure every column now; values has ttMetrics_ColumnCount entries. Broken joints read as
/// zero force and are left out of the joint errors; probes on them read NaN.
void ttMetrics_Sample( const ttScene* scene, double time, double* values );

/// Records rows to a CSV file and keeps what the summary needs.
typedef struct ttRecorder
{
	const ttScene* scene;
	FILE* csv;
	int columnCount;
	int rows;
	double* values;  ///< the last row
	double* first;   ///< the first row
	double* minimum; ///< per column, NaN ignored
	double* maximum;
	double* brokenAt; ///< per joint: simulated time at which it was first seen broken, or -1
} ttRecorder;

/// Open the CSV file (csvPath may be NULL to keep the numbers in memory only) and write the
/// header. On failure writes a message into error and returns false.
bool ttRecorder_Open( ttRecorder* recorder, const ttScene* scene, const char* csvPath, char* error, int errorSize );
/// Sample the scene at this simulated time and append a row.
void ttRecorder_Record( ttRecorder* recorder, double time );
/// Timing of a run for the summary.
typedef struct ttRunTiming
{
	int steps;
	double simulatedSeconds;
	double stepSeconds; ///< wall time spent in ttWorld_Step
	double wallSeconds; ///< wall time of the whole run, metrics included
	/// Sums over the steps of the world's step statistics (ttStepStats): the joint and contact
	/// solves and, per long range feature, the analysis and the projection; counts of the last step.
	double jointSolveMs, contactSolveMs;
	double longRangeAnalysisMs[ttLongRange_featureCount];
	double longRangeSolveMs[ttLongRange_featureCount];
	int longRangeCount[ttLongRange_featureCount];
} ttRunTiming;

/// Add one step's statistics to the sums.
void ttRunTiming_AddStep( ttRunTiming* timing, const ttStepStats* stats );
/// Write the JSON summary of the rows recorded so far.
bool ttRecorder_WriteSummary( const ttRecorder* recorder, const ttRunTiming* timing, const char* path, char* error,
                              int errorSize );
/// Close the file and free the recorder's memory.
void ttRecorder_Close( ttRecorder* recorder );
