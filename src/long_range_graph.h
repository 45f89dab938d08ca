// SPDX-License-Identifier: MIT
// Long range distance bounds derived from the joint graph (Mueller et al. 2017, sections 3.1-3.3):
// attachments to static and kinematic bodies (figs 2-3) and a hierarchy of bounds between joints
// (figs 5-7). The graph analysis runs when the joint graph or a joint property changed; the bounds
// are projected in every position iteration after the joints.
#pragma once

#include "tether/types.h"

typedef struct ttWorld ttWorld;

/// A joint location on one of the joint's bodies: side 0 is body A, side 1 body B. Points are read
/// through the joint's principal-frame anchors at solve time, so mass changes need no re-analysis.
typedef struct ttJointPoint
{
	int joint;
	int side;
} ttJointPoint;

/// A one-sided distance bound between two joint points: lower <= |pB - pA| <= upper. lower <= 0
/// means no lower bound. Either body may be static or kinematic (infinite mass).
typedef struct ttDistanceBound
{
	ttJointPoint a, b;
	int bodyA, bodyB; ///< the points' bodies, filled in by ttDistanceBoundArray_Push
	ttReal lower, upper;
	ttReal lambdaUpper, lambdaLower; ///< XPBD multipliers, reset every substep
	int level;                       ///< 1.. for the hierarchy, 0 for attachments
} ttDistanceBound;

typedef struct ttDistanceBoundArray
{
	ttDistanceBound* data;
	int count, capacity;
} ttDistanceBoundArray;

/// The joint graph's derived constraints and their settings, one per world.
typedef struct ttLongRangeGraph
{
	bool dirty;    ///< the joint graph or a joint property changed since the last analysis
	bool analyzed; ///< the arrays below match the current switches
	bool analyzedFor[ttLongRange_featureCount];
	ttDistanceBoundArray attachments;
	ttDistanceBoundArray hierarchy;
	int hierarchyLevels; ///< levels above level 0 (the bodies' own segments)
	ttLongRangeBoundSettings settings[ttLongRange_featureCount];
	double pendingAnalysisMs[ttLongRange_featureCount]; ///< analysis run by a debug read, for the next step's stats
} ttLongRangeGraph;

void ttLongRangeGraph_Init( ttLongRangeGraph* graph );
void ttLongRangeGraph_Destroy( ttLongRangeGraph* graph );
/// Mark the analysis stale: joints created, destroyed or changed.
void ttLongRangeGraph_MarkDirty( ttWorld* world );

/// Rebuild the bounds if the graph changed or a switch flipped (the step and the debug read).
void ttLongRange_Refresh( ttWorld* world );
/// Once per step (the attachments' update: one joint graph serves both features): refresh, and
/// report the counts and the analysis time of attachments and hierarchy into world->stats.
void ttLongRange_Analyze( ttWorld* world );
/// The attachments' and the hierarchy's hooks of the long range table (long_range.h).
void ttAttachments_BeginSubstep( ttWorld* world );
void ttHierarchy_BeginSubstep( ttWorld* world );
void ttAttachments_Solve( ttWorld* world, ttReal h );
void ttHierarchy_Solve( ttWorld* world, ttReal h );
/// Debug reads of the bounds as the solver enforces them (long_range_read.c).
int ttAttachments_Read( ttWorld* world, ttLongRangeConstraintData* out, int capacity );
int ttHierarchy_Read( ttWorld* world, ttLongRangeConstraintData* out, int capacity );

// ---------------------------------------------------------------------------------------------
// Shared by the analysis modules (long_range_graph.c)

/// Whether a joint keeps its two joint points together rigidly (no positional freedom), so that
/// distances propagate through it.
bool ttLongRange_JointPropagates( const ttWorld* world, int jointIndex );
/// The joint point in the principal frame of its body (offset from the centre of mass, body axes).
ttVec3 ttLongRange_LocalPoint( const ttWorld* world, ttJointPoint point );
/// Body index of a joint point.
int ttLongRange_PointBody( const ttWorld* world, ttJointPoint point );
/// Range [*minBend, *maxBend] of the angle between an incoming segment direction `in` (in the
/// principal frame of the body on side `inSide`, pointing into the joint) and an outgoing segment
/// direction `out` (in the principal frame of the other body, pointing away from the joint) that
/// the joint and its hard angle limits allow. A straight continuation bends by 0.
void ttLongRange_BendRange( const ttWorld* world, int jointIndex, int inSide, ttVec3 in, ttVec3 out, ttReal* minBend,
                            ttReal* maxBend );
bool ttDistanceBoundArray_Push( const ttWorld* world, ttDistanceBoundArray* array, ttDistanceBound bound );

/// Feature analyses (long_range_attachments.c, long_range_hierarchy.c).
void ttLongRange_BuildAttachments( ttWorld* world, ttDistanceBoundArray* out );
void ttLongRange_BuildHierarchy( ttWorld* world, int levels, ttDistanceBoundArray* out );
