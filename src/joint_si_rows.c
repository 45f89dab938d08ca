// SPDX-License-Identifier: MIT
// The constraint rows of each joint type for the velocity-level (SI) joint family: the same
// joints, limits, drives and motors as the XPBD position solve (joint_<type>.c), written as
// Jacobians at the poses the substep starts from (Jakab section 4.2 for points, 4.4 for
// rotations). Each row's error C is the position error the XPBD solve would remove, so that
// both families keep the same joint; its sign is chosen so that C >= 0 is allowed for limits.
#include "constraint.h"
#include "joint.h"
#include "joint_path.h"
#include "joint_si.h"
#include "world.h"

static const ttVec3 s_worldAxes[3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };

static ttSiRow* ttPushRow( ttSiJointRows* out, ttSiRowKind kind, int slot )
{
	ttSiRow* row = out->rows + out->count++;
	*row = ( ttSiRow ){ 0 };
	row->kind = kind;
	row->slot = slot;
	row->lower = -TT_HUGE;
	row->upper = TT_HUGE;
	return row;
}

// A translation row along d of the anchor of B relative to the anchor of A. When d turns with A
// (an axis of frame A), the rotation of A also moves B's anchor along it: A's angular part is
// (rA + delta) x d instead of rA x d (Box2D's prismatic rows); for a fixed world axis delta is
// left out.
static void ttSetLinear( ttSiRow* row, ttVec3 d, ttVec3 rA, ttVec3 rB, ttVec3 delta, bool axisTurnsWithA )
{
	ttVec3 armA = axisTurnsWithA ? ttAdd( rA, delta ) : rA;
	row->linA = ttNeg( d );
	row->angA = ttNeg( ttCross( armA, d ) );
	row->linB = d;
	row->angB = ttCross( rB, d );
	row->angularOnly = false;
}

// A rotation row about a: J v = (wB - wA) . a.
static void ttSetAngular( ttSiRow* row, ttVec3 a )
{
	row->linA = TT_VEC3_ZERO;
	row->angA = ttNeg( a );
	row->linB = TT_VEC3_ZERO;
	row->angB = a;
	row->angularOnly = true;
}

// The rigid or compliant equality rows of an attachment: the anchor of B on the anchor of A,
// three rows along the world axes.
static void ttPushPointRows( ttSiJointRows* out, const ttJoint* joint, const ttJointFrame* f, int firstSlot )
{
	for ( int i = 0; i < 3; ++i )
	{
		ttSiRow* row = ttPushRow( out, joint->linearCompliance > 0 ? ttSiRow_spring : ttSiRow_rigid, firstSlot + i );
		ttSetLinear( row, s_worldAxes[i], f->rA, f->rB, f->delta, false );
		row->error = ttDot( f->delta, s_worldAxes[i] );
		row->compliance = joint->linearCompliance;
	}
}

// Orientation of B's frame locked to A's: the rotation error 2 vec(qB qA^-1) along the world axes.
static void ttPushLockRows( ttSiJointRows* out, const ttJoint* joint, const ttJointFrame* f, int firstSlot )
{
	ttVec3 error = ttJoint_RotationError( f );
	for ( int i = 0; i < 3; ++i )
	{
		ttSiRow* row = ttPushRow( out, joint->angularCompliance > 0 ? ttSiRow_spring : ttSiRow_rigid, firstSlot + i );
		ttSetAngular( row, s_worldAxes[i] );
		row->error = ttDot( error, s_worldAxes[i] );
		row->compliance = joint->angularCompliance;
	}
}

// One side of a limit on a quantity whose rate is J v: C = value - bound >= 0 for a lower bound
// (the row as given), C = bound - value >= 0 for an upper one (the row negated). A rigid limit is
// kept speculatively; a compliant one is a spring that acts only once the bound is passed.
static void ttPushLimitRow( ttSiJointRows* out, const ttSiRow* rate, ttReal c, ttReal compliance, int slot )
{
	if ( compliance > 0 && c >= 0 )
	{
		return;
	}
	ttSiRow* row = ttPushRow( out, compliance > 0 ? ttSiRow_spring : ttSiRow_limit, slot );
	row->linA = rate->linA;
	row->angA = rate->angA;
	row->linB = rate->linB;
	row->angB = rate->angB;
	row->angularOnly = rate->angularOnly;
	row->error = c;
	row->compliance = compliance;
	row->lower = 0;
}

static void ttPushBounds( ttSiJointRows* out, const ttSiRow* rate, ttReal value, ttReal lower, ttReal upper,
                          ttReal compliance, int slot )
{
	ttPushLimitRow( out, rate, value - lower, compliance, slot );
	ttSiRow negated = { .linA = ttNeg( rate->linA ),
	                    .angA = ttNeg( rate->angA ),
	                    .linB = ttNeg( rate->linB ),
	                    .angB = ttNeg( rate->angB ),
	                    .angularOnly = rate->angularOnly };
	ttPushLimitRow( out, &negated, upper - value, compliance, slot + 1 );
}

static void ttBuildFixed( const ttJoint* joint, const ttJointFrame* f, ttSiJointRows* out )
{
	ttPushPointRows( out, joint, f, 0 );
	ttPushLockRows( out, joint, f, 3 );
	out->blockCount = 6;
}

// Slots: 0-2 point, 3-4 axis alignment, 5-6 angle limits, 7 target or motor.
static void ttBuildHinge( const ttJoint* joint, const ttJointFrame* f, ttReal h, ttSiJointRows* out )
{
	const ttHingeJointDef* def = &joint->hinge;
	ttPushPointRows( out, joint, f, 0 );
	// Axis alignment (eq. 20): the error aA x aB along the two directions normal to the hinge axis;
	// its rate there is (wB - wA) . b for b normal to aA.
	ttVec3 misalignment = ttCross( f->aA, f->aB );
	const ttVec3 normals[2] = { f->bA, f->cA };
	for ( int i = 0; i < 2; ++i )
	{
		ttSiRow* row = ttPushRow( out, joint->angularCompliance > 0 ? ttSiRow_spring : ttSiRow_rigid, 3 + i );
		ttSetAngular( row, normals[i] );
		row->error = ttDot( misalignment, normals[i] );
		row->compliance = joint->angularCompliance;
	}
	out->blockCount = 5;

	ttSiRow about = { 0 };
	ttSetAngular( &about, f->aA );
	ttReal angle = ttHingeJoint_ComputeAngle( f );
	if ( def->enableLimit )
	{
		ttPushBounds( out, &about, angle, def->lowerAngle, def->upperAngle, def->limitCompliance, 5 );
	}
	if ( def->enableMotor )
	{
		ttSiRow* row = ttPushRow( out, ttSiRow_velocity, 7 );
		ttSetAngular( row, f->aA );
		row->targetVelocity = def->motorSpeed;
		row->compliance = def->motorCompliance;
		row->lower = -def->maxMotorTorque * h;
		row->upper = def->maxMotorTorque * h;
	}
	else if ( def->enableTarget )
	{
		// Eq. 21: the remaining rotation about the axis from the target angle, wrapped to (-pi, pi].
		ttReal error = angle - def->targetAngle;
		error = error > TT_PI ? error - 2 * TT_PI : ( error < -TT_PI ? error + 2 * TT_PI : error );
		ttSiRow* row = ttPushRow( out, ttSiRow_drive, 7 );
		ttSetAngular( row, f->aA );
		row->error = error;
		row->compliance = def->targetCompliance;
	}
}

// Eqs. 22-24: the twist axis is the bisector of the x axes, the twist the angle between the y axes
// projected onto the plane normal to it (as ttSphericalJoint_ComputeTwist measures it).
static bool ttTwistFrame( const ttJointFrame* f, ttVec3* n, ttReal* twist )
{
	ttReal length;
	*n = ttGetLengthAndNormalize( &length, ttAdd( f->aA, f->aB ) );
	if ( length < (ttReal)1e-6 )
	{
		return false;
	}
	ttVec3 n1 = ttNormalize( ttMulAdd( f->bA, -ttDot( *n, f->bA ), *n ) );
	ttVec3 n2 = ttNormalize( ttMulAdd( f->bB, -ttDot( *n, f->bB ), *n ) );
	*twist = ttSignedAngle( *n, n1, n2 );
	return true;
}

// Slots: 0-2 point, 3 swing limit, 4-5 twist limits.
static void ttBuildSpherical( const ttJoint* joint, const ttJointFrame* f, ttSiJointRows* out )
{
	const ttSphericalJointDef* def = &joint->spherical;
	ttPushPointRows( out, joint, f, 0 );
	out->blockCount = 3;
	if ( def->enableSwingLimit )
	{
		// The swing grows when B turns about aA x aB: the allowed room maxSwing - swing shrinks at
		// the rate -(wB - wA) . n.
		ttReal length;
		ttVec3 n = ttGetLengthAndNormalize( &length, ttCross( f->aA, f->aB ) );
		if ( length < (ttReal)1e-9 )
		{
			n = ttPerpendicular( f->aA );
		}
		ttSiRow rate = { 0 };
		ttSetAngular( &rate, ttNeg( n ) );
		ttPushLimitRow( out, &rate, def->maxSwingAngle - ttSphericalJoint_ComputeSwing( f ), def->swingCompliance, 3 );
	}
	ttVec3 n;
	ttReal twist;
	if ( def->enableTwistLimit && ttTwistFrame( f, &n, &twist ) )
	{
		ttSiRow rate = { 0 };
		ttSetAngular( &rate, n );
		ttPushBounds( out, &rate, twist, def->lowerTwistAngle, def->upperTwistAngle, def->twistCompliance, 4 );
	}
}

// Slots: 0-1 the two normal translations, 2-4 rotation lock, 5-6 translation limits, 7 drive.
static void ttBuildPrismatic( const ttJoint* joint, const ttJointFrame* f, ttReal h, ttSiJointRows* out )
{
	const ttPrismaticJointDef* def = &joint->prismatic;
	const ttVec3 normals[2] = { f->bA, f->cA };
	for ( int i = 0; i < 2; ++i )
	{
		ttSiRow* row = ttPushRow( out, joint->linearCompliance > 0 ? ttSiRow_spring : ttSiRow_rigid, i );
		ttSetLinear( row, normals[i], f->rA, f->rB, f->delta, true );
		row->error = ttDot( f->delta, normals[i] );
		row->compliance = joint->linearCompliance;
	}
	ttPushLockRows( out, joint, f, 2 );
	out->blockCount = 5;

	ttSiRow along = { 0 };
	ttSetLinear( &along, f->aA, f->rA, f->rB, f->delta, true );
	ttReal offset = ttDot( f->delta, f->aA );
	if ( def->enableLimit )
	{
		ttPushBounds( out, &along, offset, def->lowerTranslation, def->upperTranslation, 0, 5 );
	}
	if ( def->enableDrive )
	{
		ttSiRow* row = ttPushRow( out, ttSiRow_drive, 7 );
		ttSetLinear( row, f->aA, f->rA, f->rB, f->delta, true );
		row->error = offset - def->targetTranslation;
		row->compliance = def->driveCompliance;
		row->lower = -def->maxDriveForce * h;
		row->upper = def->maxDriveForce * h;
	}
}

// Slots: 0-1 the length's lower and upper bound. A bound with compliance is a spring that pulls
// only once the length leaves [minLength, maxLength].
static void ttBuildDistance( const ttJoint* joint, const ttJointFrame* f, ttSiJointRows* out )
{
	const ttDistanceJointDef* def = &joint->distance;
	ttReal length;
	ttVec3 n = ttGetLengthAndNormalize( &length, f->delta );
	if ( length < (ttReal)1e-12 )
	{
		return; // the direction is undefined; a zero-length spring is satisfied here anyway
	}
	ttSiRow rate = { 0 };
	ttSetLinear( &rate, n, f->rA, f->rB, f->delta, false );
	ttPushBounds( out, &rate, length, def->minLength, def->maxLength, def->compliance, 0 );
}

// Slots: 0-2 rotation lock, 3-8 per axis of frame A: an equality row when lower == upper
// (slot 3 + 2i), otherwise the two bounds (slots 3 + 2i, 4 + 2i); lower > upper is a free axis.
static void ttBuildGeneric( const ttJoint* joint, const ttJointFrame* f, ttSiJointRows* out )
{
	const ttGenericJointDef* def = &joint->generic;
	if ( def->lockRotation )
	{
		ttPushLockRows( out, joint, f, 0 );
	}
	const ttVec3 axes[3] = { f->aA, f->bA, f->cA };
	const ttReal lower[3] = { def->lowerTranslation.x, def->lowerTranslation.y, def->lowerTranslation.z };
	const ttReal upper[3] = { def->upperTranslation.x, def->upperTranslation.y, def->upperTranslation.z };
	for ( int i = 0; i < 3; ++i )
	{
		if ( lower[i] == upper[i] )
		{
			ttSiRow* row = ttPushRow( out, joint->linearCompliance > 0 ? ttSiRow_spring : ttSiRow_rigid, 3 + 2 * i );
			ttSetLinear( row, axes[i], f->rA, f->rB, f->delta, true );
			row->error = ttDot( f->delta, axes[i] ) - lower[i];
			row->compliance = joint->linearCompliance;
		}
	}
	out->blockCount = out->count;
	for ( int i = 0; i < 3; ++i )
	{
		if ( lower[i] < upper[i] )
		{
			ttSiRow rate = { 0 };
			ttSetLinear( &rate, axes[i], f->rA, f->rB, f->delta, true );
			ttPushBounds( out, &rate, ttDot( f->delta, axes[i] ), lower[i], upper[i], joint->linearCompliance,
			              3 + 2 * i );
		}
	}
}

// Slots: 0-1 the two directions normal to the curve at the nearest point, 2 the limit along it
// (at a limit or an open end), 3 the motor. The nearest point moves with B's point, so the rows'
// error is its distance from the curve in each normal direction.
static void ttBuildPath( ttJoint* joint, const ttBody* bodyA, const ttBody* bodyB, ttReal h, ttSiJointRows* out )
{
	const ttPathJointDef* def = &joint->path;
	ttPathFrame f = ttPathJoint_ComputeFrame( joint, bodyA, bodyB );
	joint->pathPosition = f.s; // the next search starts here instead of scanning the whole curve
	ttVec3 n1 = ttPerpendicular( f.tangent );
	ttVec3 n2 = ttCross( f.tangent, n1 );
	const ttVec3 normals[2] = { n1, n2 };
	for ( int i = 0; i < 2; ++i )
	{
		ttSiRow* row = ttPushRow( out, joint->linearCompliance > 0 ? ttSiRow_spring : ttSiRow_rigid, i );
		ttSetLinear( row, normals[i], f.rA, f.rB, f.delta, false );
		row->error = ttDot( f.delta, normals[i] );
		row->compliance = joint->linearCompliance;
	}
	out->blockCount = 2;
	if ( f.atLower || f.atUpper )
	{
		// B's point is past the end along the tangent by delta . t (negative at the lower end).
		ttSiRow rate = { 0 };
		ttVec3 inward = f.atLower ? f.tangent : ttNeg( f.tangent );
		ttSetLinear( &rate, inward, f.rA, f.rB, f.delta, false );
		ttPushLimitRow( out, &rate, ttDot( f.delta, inward ), 0, 2 );
	}
	if ( def->enableMotor )
	{
		ttSiRow* row = ttPushRow( out, ttSiRow_velocity, 3 );
		ttSetLinear( row, f.tangent, f.rA, f.rB, f.delta, false );
		row->targetVelocity = def->motorSpeed;
		row->lower = -def->maxMotorForce * h;
		row->upper = def->maxMotorForce * h;
	}
}

void ttSiJoint_BuildRows( ttWorld* world, ttJoint* joint, ttReal h, ttSiJointRows* out )
{
	const ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	const ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	// A point joint without angle limits and a distance joint need only the anchors.
	bool anchorsOnly = joint->type == ttJoint_distance || joint->type == ttJoint_path ||
	                   ( joint->type == ttJoint_spherical && joint->spherical.enableSwingLimit == false &&
	                     joint->spherical.enableTwistLimit == false );
	ttJointFrame f =
	    anchorsOnly ? ttJoint_ComputeAnchors( joint, bodyA, bodyB ) : ttJoint_ComputeFrame( joint, bodyA, bodyB );
	out->count = 0;
	out->blockCount = 0;
	switch ( joint->type )
	{
		case ttJoint_fixed:
			ttBuildFixed( joint, &f, out );
			break;
		case ttJoint_hinge:
			ttBuildHinge( joint, &f, h, out );
			break;
		case ttJoint_spherical:
			ttBuildSpherical( joint, &f, out );
			break;
		case ttJoint_prismatic:
			ttBuildPrismatic( joint, &f, h, out );
			break;
		case ttJoint_distance:
			ttBuildDistance( joint, &f, out );
			break;
		case ttJoint_generic:
			ttBuildGeneric( joint, &f, out );
			break;
		case ttJoint_path:
			ttBuildPath( joint, bodyA, bodyB, h, out );
			break;
		default:
			break;
	}
}
