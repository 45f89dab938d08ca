// SPDX-License-Identifier: MIT
// The long range features (Mueller et al. 2017) behind one table (long_range.c): each feature is
// a row of hooks the step calls in its phases, so the step, the debug read and the world's
// destruction reach every feature through the same three loops, and a new feature is one file
// and one row. The table also holds each feature's name and default switch.
#pragma once

#include "tether/types.h"

typedef struct ttWorld ttWorld;

typedef struct ttLongRangeFeatureOps
{
	ttLongRangeFeature feature;
	const char* name;
	bool onByDefault;
	/// Once per step before the substeps, whether the feature is on or off (a feature switched
	/// off drops what it derived): bring the analysis up to date and report the constraint count
	/// and the analysis time into world->stats.
	void ( *update )( ttWorld* world );
	/// Start of each substep: reset the multipliers.
	void ( *beginSubstep )( ttWorld* world );
	/// Each position iteration, after the joints.
	void ( *solve )( ttWorld* world, ttReal h );
	/// After the position iterations of a substep (times itself: it may analyse again).
	void ( *endIterations )( ttWorld* world, ttReal h );
	/// Debug read: fill up to capacity entries (out may be NULL when capacity is 0) and return
	/// how many there are.
	int ( *read )( ttWorld* world, ttLongRangeConstraintData* out, int capacity );
	/// Free the feature's data (ttDestroyWorld).
	void ( *destroy )( ttWorld* world );
} ttLongRangeFeatureOps;

/// The switches of a new world (ttDefaultWorldDef).
void ttLongRange_SetDefaults( bool* enable );

/// The step's calls: once per step, at the start of each substep, after the joints in each
/// iteration and after the iterations of each substep. Each reaches the features that are on,
/// in the table's order, and times the projections into world->stats.longRangeSolveMs.
void ttLongRange_Update( ttWorld* world );
void ttLongRange_BeginSubstep( ttWorld* world );
void ttLongRange_Solve( ttWorld* world, ttReal h );
void ttLongRange_EndIterations( ttWorld* world, ttReal h );

/// Debug read of every feature that is on, in ttLongRangeFeature order (long_range_read.c).
int ttLongRange_Read( ttWorld* world, ttLongRangeConstraintData* out, int capacity );

/// Free every feature's data (ttDestroyWorld).
void ttLongRange_Destroy( ttWorld* world );
