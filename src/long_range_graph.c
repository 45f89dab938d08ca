// SPDX-License-Identifier: MIT
// The joint graph behind the long range distance bounds (Mueller et al. 2017): which joints
// propagate distances, how far a joint lets two segments bend, when the bounds are rebuilt, and
// the projection of the bounds in the position solve.
#include "long_range_graph.h"

#include "constraint.h"
#include "core.h"
#include "world.h"

#include "tether/tether.h"

#include <string.h>

#define TT_DEFAULT_LEVELS 3
#define TT_MAX_LEVELS 16

void ttLongRangeGraph_Init( ttLongRangeGraph* graph )
{
	memset( graph, 0, sizeof( *graph ) );
	graph->dirty = true;
	graph->hierarchyLevels = TT_DEFAULT_LEVELS;
}

void ttLongRangeGraph_Destroy( ttLongRangeGraph* graph )
{
	ttFree( graph->attachments.data );
	ttFree( graph->hierarchy.data );
	memset( graph, 0, sizeof( *graph ) );
}

void ttLongRangeGraph_MarkDirty( ttWorld* world )
{
	world->longRange.dirty = true;
}

bool ttDistanceBoundArray_Push( const ttWorld* world, ttDistanceBoundArray* array, ttDistanceBound bound )
{
	bound.bodyA = ttLongRange_PointBody( world, bound.a );
	bound.bodyB = ttLongRange_PointBody( world, bound.b );
	if ( array->count == array->capacity )
	{
		int capacity = array->capacity < 64 ? 64 : 2 * array->capacity;
		ttDistanceBound* data = ttGrow( array->data, sizeof( ttDistanceBound ) * (size_t)array->capacity,
		                                sizeof( ttDistanceBound ) * (size_t)capacity );
		if ( data == NULL )
		{
			return false;
		}
		array->data = data;
		array->capacity = capacity;
	}
	array->data[array->count++] = bound;
	return true;
}

// ---------------------------------------------------------------------------------------------
// Joint properties seen by the analysis

bool ttLongRange_JointPropagates( const ttWorld* world, int jointIndex )
{
	const ttJoint* joint = (const ttJoint*)ttPool_Get( &world->joints, jointIndex );
	if ( joint->linearCompliance > 0 )
	{
		return false; // a soft attachment may stretch without bound under load
	}
	switch ( joint->type )
	{
		case ttJoint_fixed:
		case ttJoint_hinge:
		case ttJoint_spherical:
			return true;
		case ttJoint_generic:
		{
			// Only when every axis is locked at zero offset: then the two joint points coincide.
			ttVec3 lo = joint->generic.lowerTranslation, hi = joint->generic.upperTranslation;
			return lo.x == 0 && hi.x == 0 && lo.y == 0 && hi.y == 0 && lo.z == 0 && hi.z == 0;
		}
		default:
			return false; // prismatic and distance joints let the points move apart
	}
}

ttVec3 ttLongRange_LocalPoint( const ttWorld* world, ttJointPoint point )
{
	const ttJoint* joint = (const ttJoint*)ttPool_Get( &world->joints, point.joint );
	return point.side == 0 ? joint->simFrameA.p : joint->simFrameB.p;
}

int ttLongRange_PointBody( const ttWorld* world, ttJointPoint point )
{
	const ttJoint* joint = (const ttJoint*)ttPool_Get( &world->joints, point.joint );
	return point.side == 0 ? joint->bodyA : joint->bodyB;
}

static ttReal ttAngleBetween( ttVec3 a, ttVec3 b )
{
	return ttAtan2( ttLength( ttCross( a, b ) ), ttDot( a, b ) );
}

// Whether angle t (mod 2 pi) lies in [lo, hi], where -pi <= lo <= hi <= pi.
static bool ttAngleInRange( ttReal t, ttReal lo, ttReal hi )
{
	for ( int k = -1; k <= 1; ++k )
	{
		ttReal s = t + 2 * TT_PI * (ttReal)k;
		if ( s >= lo && s <= hi )
		{
			return true;
		}
	}
	return false;
}

// Bend range of a hinge: the vector `out` (frame B coordinates) appears in frame A rotated about
// x by the hinge angle theta in [lo, hi], so in . R(theta) out = k + P cos(theta) + Q sin(theta)
// = k + rho cos(theta - psi). Its extremes over the interval give the extreme bends.
static void ttHingeBendRange( ttVec3 in, ttVec3 out, ttReal lo, ttReal hi, ttReal* minBend, ttReal* maxBend )
{
	ttReal k = in.x * out.x;
	ttReal p = in.y * out.y + in.z * out.z;
	ttReal q = in.z * out.y - in.y * out.z;
	ttReal rho = ttSqrt( p * p + q * q );
	ttReal psi = ttAtan2( q, p );
	ttReal cosLo = ttCos( lo - psi ), cosHi = ttCos( hi - psi );
	ttReal maxCos = ttAngleInRange( psi, lo, hi ) ? 1 : ttMaxReal( cosLo, cosHi );
	ttReal minCos = ttAngleInRange( psi + TT_PI, lo, hi ) ? -1 : ttMinReal( cosLo, cosHi );
	*minBend = ttAcos( ttClampReal( k + rho * maxCos, -1, 1 ) );
	*maxBend = ttAcos( ttClampReal( k + rho * minCos, -1, 1 ) );
}

void ttLongRange_BendRange( const ttWorld* world, int jointIndex, int inSide, ttVec3 in, ttVec3 out, ttReal* minBend,
                            ttReal* maxBend )
{
	const ttJoint* joint = (const ttJoint*)ttPool_Get( &world->joints, jointIndex );
	ttQuat qIn = inSide == 0 ? joint->simFrameA.q : joint->simFrameB.q;
	ttQuat qOut = inSide == 0 ? joint->simFrameB.q : joint->simFrameA.q;
	// Both directions in their joint frame's coordinates.
	ttVec3 u = ttNormalize( ttInvRotate( qIn, in ) );
	ttVec3 s = ttNormalize( ttInvRotate( qOut, out ) );
	*minBend = 0;
	*maxBend = TT_PI;
	switch ( joint->type )
	{
		case ttJoint_fixed:
			*minBend = *maxBend = ttAngleBetween( u, s );
			return;
		case ttJoint_generic:
			if ( joint->generic.lockRotation )
			{
				*minBend = *maxBend = ttAngleBetween( u, s );
			}
			return;
		case ttJoint_hinge:
		{
			const ttHingeJointDef* def = &joint->hinge;
			bool limited = def->enableLimit && def->limitCompliance == 0;
			ttReal lo = limited ? def->lowerAngle : -TT_PI;
			ttReal hi = limited ? def->upperAngle : TT_PI;
			// Frame B is frame A turned by theta about x. Coming in on side B, `out` is in frame A
			// coordinates and the relative rotation is the inverse one: theta in [-hi, -lo].
			if ( inSide == 0 )
			{
				ttHingeBendRange( u, s, lo, hi, minBend, maxBend );
			}
			else
			{
				ttHingeBendRange( u, s, -hi, -lo, minBend, maxBend );
			}
			return;
		}
		case ttJoint_spherical:
		{
			const ttSphericalJointDef* def = &joint->spherical;
			if ( def->enableSwingLimit == false || def->swingCompliance > 0 )
			{
				return;
			}
			// The x axes of the two frames stay within the swing angle; twist is left free. By the
			// triangle inequality on the sphere the bend is within the swing of the bend the two
			// segments make when the x axes coincide, measured along +x or along -x.
			ttReal au = ttAcos( ttClampReal( u.x, -1, 1 ) );
			ttReal as = ttAcos( ttClampReal( s.x, -1, 1 ) );
			ttReal swing = def->maxSwingAngle;
			*maxBend = ttMinReal( TT_PI, ttMinReal( au + as, 2 * TT_PI - au - as ) + swing );
			*minBend = ttMaxReal( 0, ttAbs( au - as ) - swing );
			return;
		}
		default:
			return;
	}
}

// ---------------------------------------------------------------------------------------------
// Analysis, once per step when needed

static void ttLongRange_Clear( ttLongRangeGraph* graph )
{
	graph->attachments.count = 0;
	graph->hierarchy.count = 0;
}

void ttLongRange_Refresh( ttWorld* world )
{
	ttLongRangeGraph* graph = &world->longRange;
	const ttLongRangeFeature features[2] = { ttLongRange_attachments, ttLongRange_hierarchy };
	bool switched = graph->analyzed == false;
	for ( int i = 0; i < 2; ++i )
	{
		switched = switched || graph->analyzedFor[features[i]] != world->enableLongRange[features[i]];
	}
	if ( graph->dirty == false && switched == false )
	{
		return;
	}
	ttLongRange_Clear( graph );
	if ( world->enableLongRange[ttLongRange_attachments] )
	{
		double t0 = ttNowMilliseconds();
		ttLongRange_BuildAttachments( world, &graph->attachments );
		graph->pendingAnalysisMs[ttLongRange_attachments] += ttNowMilliseconds() - t0;
	}
	if ( world->enableLongRange[ttLongRange_hierarchy] )
	{
		double t0 = ttNowMilliseconds();
		ttLongRange_BuildHierarchy( world, graph->hierarchyLevels, &graph->hierarchy );
		graph->pendingAnalysisMs[ttLongRange_hierarchy] += ttNowMilliseconds() - t0;
	}
	for ( int i = 0; i < 2; ++i )
	{
		graph->analyzedFor[features[i]] = world->enableLongRange[features[i]];
	}
	graph->dirty = false;
	graph->analyzed = true;
}

void ttLongRange_Analyze( ttWorld* world )
{
	ttLongRangeGraph* graph = &world->longRange;
	ttLongRange_Refresh( world );
	const ttLongRangeFeature features[2] = { ttLongRange_attachments, ttLongRange_hierarchy };
	for ( int i = 0; i < 2; ++i )
	{
		// An analysis that a debug read ran since the last step is reported by this one.
		world->stats.longRangeAnalysisMs[features[i]] = graph->pendingAnalysisMs[features[i]];
		graph->pendingAnalysisMs[features[i]] = 0;
	}
	world->stats.longRangeCount[ttLongRange_attachments] = graph->attachments.count;
	world->stats.longRangeCount[ttLongRange_hierarchy] = graph->hierarchy.count;
}

// ---------------------------------------------------------------------------------------------
// Projection

static void ttResetBounds( ttDistanceBoundArray* array )
{
	for ( int i = 0; i < array->count; ++i )
	{
		array->data[i].lambdaUpper = 0;
		array->data[i].lambdaLower = 0;
	}
}

void ttAttachments_BeginSubstep( ttWorld* world )
{
	ttResetBounds( &world->longRange.attachments );
}

void ttHierarchy_BeginSubstep( ttWorld* world )
{
	ttResetBounds( &world->longRange.hierarchy );
}

// One-sided distance constraints, the inequality form of XPBD: the accumulated multiplier is
// clamped to the side that pushes the points back, so a satisfied bound with no multiplier does
// nothing (and is skipped early: most bounds are slack most of the time). A bound engages only
// when it is violated by more than TT_BOUND_SLACK of its length: the joints of a chain that is not
// stretched leave errors of 1e-12 m and less, and projecting those would perturb a chaotic double
// pendulum by millimetres within seconds; the slack keeps such a simulation bit for bit as it was.
#define TT_BOUND_SLACK ( (ttReal)1e-5 )
static void ttSolveBounds( ttWorld* world, ttDistanceBoundArray* array, const ttLongRangeBoundSettings* settings,
                           ttReal h )
{
	// Back to front: the arrays are built from short to long (attachments by distance, the hierarchy
	// by level), and long before short, coarse before fine as in hierarchical PBD, converges a little
	// better: the rope bridge of fig. 15 sags 11.1 m instead of 11.3 m at 1 x 20.
	for ( int k = 0; k < array->count; ++k )
	{
		ttDistanceBound* bound = array->data + ( array->count - 1 - k );
		ttBody* bodyA = ttWorld_Body( world, bound->bodyA );
		ttBody* bodyB = ttWorld_Body( world, bound->bodyB );
		ttVec3 rA = ttRotate( bodyA->q, ttLongRange_LocalPoint( world, bound->a ) );
		ttVec3 rB = ttRotate( bodyB->q, ttLongRange_LocalPoint( world, bound->b ) );
		ttVec3 delta = ttAdd( ttBody_RelativeCenter( bodyA, bodyB ), ttSub( rB, rA ) );
		ttReal distance;
		ttVec3 n = ttGetLengthAndNormalize( &distance, delta );
		if ( distance == 0 )
		{
			continue;
		}
		ttReal lower = settings->upperAsLower ? ttMaxReal( bound->lower, bound->upper ) : bound->lower;
		ttReal lowerCompliance = settings->upperAsLower ? settings->upperCompliance : settings->lowerCompliance;
		if ( distance > bound->upper * ( 1 + TT_BOUND_SLACK ) || bound->lambdaUpper != 0 )
		{
			ttApplyPositionalCorrection( bodyA, bodyB, rA, rB, n, distance - bound->upper, settings->upperCompliance, h,
			                             &bound->lambdaUpper, -TT_HUGE, 0 );
		}
		else if ( lower > 0 && ( distance < lower * ( 1 - TT_BOUND_SLACK ) || bound->lambdaLower != 0 ) )
		{
			ttApplyPositionalCorrection( bodyA, bodyB, rA, rB, n, distance - lower, lowerCompliance, h,
			                             &bound->lambdaLower, 0, TT_HUGE );
		}
	}
}

void ttAttachments_Solve( ttWorld* world, ttReal h )
{
	ttLongRangeGraph* graph = &world->longRange;
	ttSolveBounds( world, &graph->attachments, graph->settings + ttLongRange_attachments, h );
}

void ttHierarchy_Solve( ttWorld* world, ttReal h )
{
	ttLongRangeGraph* graph = &world->longRange;
	ttSolveBounds( world, &graph->hierarchy, graph->settings + ttLongRange_hierarchy, h );
}

// ---------------------------------------------------------------------------------------------
// API

static bool ttIsBoundFeature( ttLongRangeFeature feature )
{
	return feature == ttLongRange_attachments || feature == ttLongRange_hierarchy;
}

ttResult ttWorld_SetLongRangeBounds( ttWorldId worldId, ttLongRangeFeature feature, ttLongRangeBoundSettings settings )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsBoundFeature( feature ) == false )
	{
		TT_ERROR( "feature must be ttLongRange_attachments or ttLongRange_hierarchy, got %d", (int)feature );
		return ttResult_invalidArgument;
	}
	if ( ttIsValidReal( settings.upperCompliance ) == false || settings.upperCompliance < 0 ||
	     ttIsValidReal( settings.lowerCompliance ) == false || settings.lowerCompliance < 0 )
	{
		TT_ERROR( "upperCompliance and lowerCompliance must be finite and >= 0" );
		return ttResult_invalidArgument;
	}
	world->longRange.settings[feature] = settings;
	return ttResult_ok;
}

ttLongRangeBoundSettings ttWorld_GetLongRangeBounds( ttWorldId worldId, ttLongRangeFeature feature )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL || ttIsBoundFeature( feature ) == false )
	{
		return ( ttLongRangeBoundSettings ){ 0 };
	}
	return world->longRange.settings[feature];
}

ttResult ttWorld_SetLongRangeLevels( ttWorldId worldId, int levels )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( levels < 1 || levels > TT_MAX_LEVELS )
	{
		TT_ERROR( "levels must be from 1 to %d, got %d", TT_MAX_LEVELS, levels );
		return ttResult_invalidArgument;
	}
	if ( world->longRange.hierarchyLevels != levels )
	{
		world->longRange.hierarchyLevels = levels;
		world->longRange.dirty = true;
	}
	return ttResult_ok;
}

int ttWorld_GetLongRangeLevels( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL ? world->longRange.hierarchyLevels : 0;
}
