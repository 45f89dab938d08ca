// SPDX-License-Identifier: MIT
// Path joint: a point of body B kept on a curve fixed to body A (a bead on a wire, a roller
// coaster's wheel on its rail; van Overveld & Barenbrug's point-to-curve constraint, section 2.6).
// The curve is a polyline through the user's points, or a uniform Catmull-Rom spline through them
// sampled into a dense polyline, parameterised by arc length s. Each solve finds the curve point
// nearest to B's point (searching near last solve's segment: a bead moves a little per substep)
// and attaches the two there: the error is normal to the curve, so the bead slides along it
// without friction. Limits keep s within [lower, upper] (a curve that is not closed always ends at
// its ends); a motor drives the speed along the curve with a force cap.
#include "joint_path.h"

#include "constraint.h"
#include "core.h"
#include "joint.h"
#include "world.h"

#include "tether/tether.h"

#include <math.h>
#include <string.h>

// Samples per span of the spline: the chord of a quarter circle in 16 pieces deviates 0.1 % of
// its radius from the arc.
#define TT_PATH_SAMPLES 16
// How many segments on either side of the last one a solve searches before searching them all.
#define TT_PATH_WINDOW 24

struct ttCurve
{
	ttVec3* points; ///< polyline in body A's principal frame
	ttReal* arc;    ///< arc length at each point
	// The caller's points as given (body A's coordinates), kept so that ttWorld_SaveScene can
	// write the curve back exactly rather than the samples.
	ttVec3* controlPoints;
	int controlCount;
	bool smooth;
	int count; ///< points; segments are count - 1 (a closed curve repeats its first point)
	bool closed;
	ttReal length;
};

// Uniform Catmull-Rom between p1 and p2 at t in [0, 1].
static ttVec3 ttCatmullRom( ttVec3 p0, ttVec3 p1, ttVec3 p2, ttVec3 p3, ttReal t )
{
	ttReal t2 = t * t, t3 = t2 * t;
	ttReal a = -t3 + 2 * t2 - t, b = 3 * t3 - 5 * t2 + 2, c = -3 * t3 + 4 * t2 + t, d = t3 - t2;
	ttVec3 r = ttScale( a, p0 );
	r = ttMulAdd( r, b, p1 );
	r = ttMulAdd( r, c, p2 );
	r = ttMulAdd( r, d, p3 );
	return ttScale( (ttReal)0.5, r );
}

ttCurve* ttCurve_Create( const ttVec3* points, int count, bool closed, bool smooth, ttTransform toPrincipal )
{
	int spans = closed ? count : count - 1;
	int samples = smooth ? spans * TT_PATH_SAMPLES + 1 : spans + 1;
	ttCurve* curve = ttAlloc( sizeof( ttCurve ) );
	if ( curve == NULL )
	{
		return NULL;
	}
	curve->controlPoints = NULL;
	curve->points = ttAlloc( sizeof( ttVec3 ) * (size_t)samples );
	curve->arc = ttAlloc( sizeof( ttReal ) * (size_t)samples );
	if ( curve->points == NULL || curve->arc == NULL )
	{
		ttCurve_Destroy( curve );
		return NULL;
	}
	curve->count = samples;
	curve->closed = closed;
	curve->smooth = smooth;
	curve->controlPoints = ttAlloc( sizeof( ttVec3 ) * (size_t)count );
	if ( curve->controlPoints == NULL )
	{
		ttCurve_Destroy( curve );
		return NULL;
	}
	memcpy( curve->controlPoints, points, sizeof( ttVec3 ) * (size_t)count );
	curve->controlCount = count;
	int k = 0;
	for ( int span = 0; span < spans; ++span )
	{
		// Neighbours wrap on a closed curve and repeat the end point on an open one.
		int i1 = span, i2 = ( span + 1 ) % count;
		int i0 = closed ? ( span + count - 1 ) % count : ( span > 0 ? span - 1 : 0 );
		int i3 = closed ? ( span + 2 ) % count : ( span + 2 < count ? span + 2 : count - 1 );
		int pieces = smooth ? TT_PATH_SAMPLES : 1;
		for ( int j = 0; j < pieces; ++j )
		{
			ttReal t = (ttReal)j / (ttReal)pieces;
			ttVec3 p = smooth ? ttCatmullRom( points[i0], points[i1], points[i2], points[i3], t ) : points[i1];
			curve->points[k++] = ttTransformPoint( toPrincipal, p );
		}
	}
	curve->points[k++] = ttTransformPoint( toPrincipal, points[closed ? 0 : count - 1] );
	curve->arc[0] = 0;
	for ( int i = 1; i < samples; ++i )
	{
		curve->arc[i] = curve->arc[i - 1] + ttDistance( curve->points[i - 1], curve->points[i] );
	}
	curve->length = curve->arc[samples - 1];
	return curve;
}

const ttVec3* ttCurve_GetControlPoints( const ttCurve* curve, int* count, bool* closed, bool* smooth )
{
	*count = curve->controlCount;
	*closed = curve->closed;
	*smooth = curve->smooth;
	return curve->controlPoints;
}

void ttCurve_Destroy( ttCurve* curve )
{
	if ( curve != NULL )
	{
		ttFree( curve->points );
		ttFree( curve->arc );
		ttFree( curve->controlPoints );
		ttFree( curve );
	}
}

// The point of segment i nearest to p, as arc length.
static ttReal ttNearestOnSegment( const ttCurve* curve, int i, ttVec3 p, ttReal* distance2 )
{
	ttVec3 a = curve->points[i], b = curve->points[i + 1];
	ttVec3 ab = ttSub( b, a );
	ttReal length2 = ttDot( ab, ab );
	ttReal t = length2 > 0 ? ttClampReal( ttDot( ttSub( p, a ), ab ) / length2, 0, 1 ) : 0;
	ttVec3 q = ttMulAdd( a, t, ab );
	*distance2 = ttDot( ttSub( p, q ), ttSub( p, q ) );
	return curve->arc[i] + t * ( curve->arc[i + 1] - curve->arc[i] );
}

// The nearest point over segments first .. last (indices wrap on a closed curve); *at is the
// offset from `first` of the segment it lies on.
static ttReal ttSearch( const ttCurve* curve, ttVec3 p, int first, int last, int* at )
{
	int segments = curve->count - 1;
	ttReal s = 0, best = TT_HUGE;
	*at = 0;
	for ( int i = first; i <= last; ++i )
	{
		int segment = ( ( i % segments ) + segments ) % segments;
		ttReal d2;
		ttReal candidate = ttNearestOnSegment( curve, segment, p, &d2 );
		if ( d2 < best )
		{
			best = d2;
			s = candidate;
			*at = i - first;
		}
	}
	return s;
}

ttReal ttCurve_Nearest( const ttCurve* curve, ttVec3 p, ttReal near )
{
	int segments = curve->count - 1;
	int at;
	if ( near >= 0 && segments > 2 * TT_PATH_WINDOW + 1 )
	{
		int around = (int)( ( near / curve->length ) * (ttReal)segments );
		int first = around - TT_PATH_WINDOW, last = around + TT_PATH_WINDOW;
		if ( curve->closed == false )
		{
			first = first < 0 ? 0 : first;
			last = last > segments - 1 ? segments - 1 : last;
		}
		ttReal s = ttSearch( curve, p, first, last, &at );
		// Nearest on the window's first or last segment (not at the curve's own end): the point may
		// have moved beyond the window, so look everywhere.
		bool rim = ( at == 0 && ( curve->closed || first > 0 ) ) ||
		           ( at == last - first && ( curve->closed || last < segments - 1 ) );
		if ( rim == false )
		{
			return s;
		}
	}
	return ttSearch( curve, p, 0, segments - 1, &at );
}

// Position and unit tangent at arc length s (wrapped on a closed curve, clamped on an open one).
void ttCurve_Evaluate( const ttCurve* curve, ttReal s, ttVec3* point, ttVec3* tangent )
{
	if ( curve->closed )
	{
		s = s - curve->length * (ttReal)floor( (double)( s / curve->length ) );
	}
	s = ttClampReal( s, 0, curve->length );
	int lo = 0, hi = curve->count - 1;
	while ( hi - lo > 1 )
	{
		int mid = ( lo + hi ) / 2;
		if ( curve->arc[mid] <= s )
		{
			lo = mid;
		}
		else
		{
			hi = mid;
		}
	}
	ttReal span = curve->arc[hi] - curve->arc[lo];
	ttReal t = span > 0 ? ( s - curve->arc[lo] ) / span : 0;
	ttVec3 ab = ttSub( curve->points[hi], curve->points[lo] );
	*point = ttMulAdd( curve->points[lo], t, ab );
	*tangent = ttNormalize( ab );
}

// ---------------------------------------------------------------------------------------------
// The joint

ttPathFrame ttPathJoint_ComputeFrame( const ttJoint* joint, const ttBody* bodyA, const ttBody* bodyB )
{
	const ttPathJointDef* def = &joint->path;
	ttPathFrame f;
	f.rB = ttRotate( bodyB->q, joint->simFrameB.p );
	ttVec3 pointB = ttAdd( ttBody_Center( bodyB ), f.rB );
	// B's point in A's principal frame, where the curve lives.
	ttVec3 local = ttInvRotate( bodyA->q, ttSub( pointB, ttBody_Center( bodyA ) ) );
	ttReal s = ttCurve_Nearest( joint->curve, local, joint->pathPosition );
	ttReal lower = def->enableLimit ? def->lowerPosition : 0;
	ttReal upper = def->enableLimit ? def->upperPosition : joint->curve->length;
	f.atLower = false;
	f.atUpper = false;
	if ( def->enableLimit || joint->curve->closed == false )
	{
		f.atLower = s <= lower;
		f.atUpper = s >= upper;
		s = ttClampReal( s, lower, upper );
	}
	f.s = s;
	ttVec3 point, tangent;
	ttCurve_Evaluate( joint->curve, s, &point, &tangent );
	f.rA = ttRotate( bodyA->q, point );
	f.tangent = ttRotate( bodyA->q, tangent );
	f.delta = ttSub( pointB, ttAdd( ttBody_Center( bodyA ), f.rA ) );
	return f;
}

void ttPathJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase )
{
	if ( phase != ttJointPhase_positional )
	{
		return;
	}
	ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	ttPathFrame f = ttPathJoint_ComputeFrame( joint, bodyA, bodyB );
	joint->pathPosition = f.s;
	// The nearest point makes the error normal to the curve: the bead slides freely along it. At a
	// limit or an open end the error also has its part along the curve, which stops the bead.
	ttVec3 impulse =
	    ttApplyPointCorrection( bodyA, bodyB, f.rA, f.rB, f.delta, joint->linearCompliance, h, &joint->linearLambda );
	joint->linearImpulse = ttAdd( joint->linearImpulse, impulse );
}

// The motor at the velocity level (like joint damping, eqs. 31-32): the speed of B's point along
// the curve relative to A's point is driven toward motorSpeed, within maxMotorForce h per substep.
void ttPathJoint_SolveMotor( ttWorld* world, ttJoint* joint, ttReal h )
{
	const ttPathJointDef* def = &joint->path;
	ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	ttPathFrame f = ttPathJoint_ComputeFrame( joint, bodyA, bodyB );
	ttVec3 relative = ttSub( ttBody_PointVelocity( bodyB, f.rB ), ttBody_PointVelocity( bodyA, f.rA ) );
	ttReal speed = ttDot( relative, f.tangent );
	ttReal w = ttBody_PositionalInvMass( bodyA, f.rA, f.tangent ) + ttBody_PositionalInvMass( bodyB, f.rB, f.tangent );
	if ( w <= 0 )
	{
		return;
	}
	ttReal cap = def->maxMotorForce * h;
	ttReal impulse = ttClampReal( ( def->motorSpeed - speed ) / w, -cap, cap );
	ttApplyVelocityImpulse( bodyA, bodyB, f.rA, f.rB, ttScale( impulse, f.tangent ) );
	// Readout: the velocity impulse as a positional multiplier (force = lambda / h^2).
	joint->linearImpulse = ttMulAdd( joint->linearImpulse, impulse * h, f.tangent );
}

void ttPathJoint_Destroy( ttJoint* joint )
{
	if ( joint->type == ttJoint_path )
	{
		ttCurve_Destroy( joint->curve );
		joint->curve = NULL;
	}
}

// ---------------------------------------------------------------------------------------------
// API

static ttJoint* ttResolvePath( const char* function, ttJointId jointId, ttWorld** world )
{
	ttJoint* joint = ttResolveJoint( function, jointId, world );
	if ( joint != NULL && joint->type != ttJoint_path )
	{
		ttReportError( function, "not a path joint" );
		return NULL;
	}
	return joint;
}

ttReal ttPathJoint_GetPosition( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolvePath( __func__, jointId, &world );
	if ( joint == NULL )
	{
		return 0;
	}
	return ttPathJoint_ComputeFrame( joint, ttWorld_Body( world, joint->bodyA ), ttWorld_Body( world, joint->bodyB ) )
	    .s;
}

ttReal ttPathJoint_GetLength( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolvePath( __func__, jointId, &world );
	return joint != NULL ? joint->curve->length : 0;
}

ttReal ttPathJoint_GetSpeed( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolvePath( __func__, jointId, &world );
	if ( joint == NULL )
	{
		return 0;
	}
	const ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	const ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	ttPathFrame f = ttPathJoint_ComputeFrame( joint, bodyA, bodyB );
	ttVec3 relative = ttSub( ttBody_PointVelocity( bodyB, f.rB ), ttBody_PointVelocity( bodyA, f.rA ) );
	return ttDot( relative, f.tangent );
}
