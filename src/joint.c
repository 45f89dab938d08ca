// SPDX-License-Identifier: MIT
// Joints: definitions, creation and removal, the per-substep bookkeeping shared by all types,
// dispatch to the type files, damping (paper eqs. 31-32) and readouts (eqs. 10 and 17).
#include "bounds.h"
#include "constraint.h"
#include "core.h"
#include "island.h"
#include "joint_path.h"
#include "world.h"

#include "tether/tether.h"

#include <string.h>

#define TT_DEF_COOKIE 0x7e7e7e

ttJointDef ttDefaultJointDef( void )
{
	ttJointDef def = { 0 };
	def.localFrameA = TT_TRANSFORM_IDENTITY;
	def.localFrameB = TT_TRANSFORM_IDENTITY;
	def.breakForce = TT_HUGE;
	def.breakTorque = TT_HUGE;
	def.internalValue = TT_DEF_COOKIE;
	return def;
}

ttFixedJointDef ttDefaultFixedJointDef( void )
{
	return ( ttFixedJointDef ){ ttDefaultJointDef() };
}

ttHingeJointDef ttDefaultHingeJointDef( void )
{
	ttHingeJointDef def = { 0 };
	def.base = ttDefaultJointDef();
	def.lowerAngle = -TT_PI;
	def.upperAngle = TT_PI;
	def.maxMotorTorque = TT_HUGE;
	return def;
}

ttSphericalJointDef ttDefaultSphericalJointDef( void )
{
	ttSphericalJointDef def = { 0 };
	def.base = ttDefaultJointDef();
	def.maxSwingAngle = TT_PI;
	def.lowerTwistAngle = -TT_PI;
	def.upperTwistAngle = TT_PI;
	return def;
}

ttPrismaticJointDef ttDefaultPrismaticJointDef( void )
{
	ttPrismaticJointDef def = { 0 };
	def.base = ttDefaultJointDef();
	def.lowerTranslation = -TT_HUGE;
	def.upperTranslation = TT_HUGE;
	def.maxDriveForce = TT_HUGE;
	return def;
}

ttDistanceJointDef ttDefaultDistanceJointDef( void )
{
	ttDistanceJointDef def = { 0 };
	def.base = ttDefaultJointDef();
	def.minLength = 1;
	def.maxLength = 1;
	return def;
}

ttGenericJointDef ttDefaultGenericJointDef( void )
{
	ttGenericJointDef def = { 0 };
	def.base = ttDefaultJointDef();
	def.lockRotation = true;
	return def;
}

ttPathJointDef ttDefaultPathJointDef( void )
{
	ttPathJointDef def = { 0 };
	def.base = ttDefaultJointDef();
	return def;
}

// ---------------------------------------------------------------------------------------------
// Validation

static bool ttIsNonNegative( ttReal value )
{
	return ttIsValidReal( value ) && value >= 0;
}

static bool ttIsValidTransform( ttTransform t )
{
	return ttIsBoundedVec3( t.p, TT_MAX_POSITION ) && ttIsValidQuat( t.q );
}

static const char* ttCheckBaseDef( const ttJointDef* def )
{
	if ( def->internalValue != TT_DEF_COOKIE )
	{
		return "def was not initialised with its ttDefault...JointDef function";
	}
	if ( ttIsValidTransform( def->localFrameA ) == false || ttIsValidTransform( def->localFrameB ) == false )
	{
		return "local frames must have finite positions within +-TT_MAX_POSITION (1e12 m) and unit quaternions";
	}
	if ( ttIsNonNegative( def->linearCompliance ) == false || ttIsNonNegative( def->angularCompliance ) == false )
	{
		return "compliances must be finite and >= 0";
	}
	if ( ttIsNonNegative( def->linearDamping ) == false || ttIsNonNegative( def->angularDamping ) == false )
	{
		return "damping must be finite and >= 0";
	}
	if ( ttIsValidReal( def->breakForce ) == false || def->breakForce <= 0 ||
	     ttIsValidReal( def->breakTorque ) == false || def->breakTorque <= 0 )
	{
		return "break thresholds must be finite and > 0 (TT_HUGE for unbreakable)";
	}
	return NULL;
}

static bool ttIsAngle( ttReal value )
{
	return ttIsValidReal( value ) && value >= -TT_PI - (ttReal)1e-6 && value <= TT_PI + (ttReal)1e-6;
}

// The curve of a path joint: enough finite points, limits inside it, a motor with a cap.
static const char* ttCheckPathDef( const ttPathJointDef* d )
{
	const char* problem = ttCurve_CheckPoints( d->points, d->pointCount, d->closed );
	if ( problem != NULL )
	{
		return problem;
	}
	if ( d->enableLimit && ( ttIsNonNegative( d->lowerPosition ) == false ||
	                         ttIsValidReal( d->upperPosition ) == false || d->lowerPosition > d->upperPosition ) )
	{
		return "path limits must satisfy 0 <= lowerPosition <= upperPosition (finite)";
	}
	if ( ttIsValidReal( d->motorSpeed ) == false || ttIsNonNegative( d->maxMotorForce ) == false )
	{
		return "path motor speed must be finite and maxMotorForce finite and >= 0";
	}
	return NULL;
}

static const char* ttCheckTypeDef( ttJointType type, const void* def )
{
	switch ( type )
	{
		case ttJoint_fixed:
			return NULL;
		case ttJoint_hinge:
		{
			const ttHingeJointDef* d = def;
			if ( ttIsAngle( d->lowerAngle ) == false || ttIsAngle( d->upperAngle ) == false ||
			     d->lowerAngle > d->upperAngle )
			{
				return "hinge limits must satisfy -pi <= lowerAngle <= upperAngle <= pi";
			}
			if ( ttIsNonNegative( d->limitCompliance ) == false || ttIsNonNegative( d->targetCompliance ) == false ||
			     ttIsNonNegative( d->motorCompliance ) == false )
			{
				return "hinge compliances must be finite and >= 0";
			}
			if ( ttIsValidReal( d->targetAngle ) == false ||
			     ttIsBoundedReal( d->motorSpeed, TT_MAX_ANGULAR_SPEED ) == false ||
			     ttIsNonNegative( d->maxMotorTorque ) == false )
			{
				return "hinge targetAngle must be finite, motorSpeed within +-TT_MAX_ANGULAR_SPEED (1e6 rad/s) and "
				       "maxMotorTorque >= 0";
			}
			return NULL;
		}
		case ttJoint_spherical:
		{
			const ttSphericalJointDef* d = def;
			if ( ttIsValidReal( d->maxSwingAngle ) == false || d->maxSwingAngle < 0 ||
			     d->maxSwingAngle > TT_PI + (ttReal)1e-6 )
			{
				return "maxSwingAngle must be in [0, pi]";
			}
			if ( ttIsAngle( d->lowerTwistAngle ) == false || ttIsAngle( d->upperTwistAngle ) == false ||
			     d->lowerTwistAngle > d->upperTwistAngle )
			{
				return "twist limits must satisfy -pi <= lowerTwistAngle <= upperTwistAngle <= pi";
			}
			if ( ttIsNonNegative( d->swingCompliance ) == false || ttIsNonNegative( d->twistCompliance ) == false )
			{
				return "swing and twist compliances must be finite and >= 0";
			}
			return NULL;
		}
		case ttJoint_prismatic:
		{
			const ttPrismaticJointDef* d = def;
			if ( isnan( d->lowerTranslation ) || isnan( d->upperTranslation ) ||
			     d->lowerTranslation > d->upperTranslation )
			{
				return "prismatic limits must satisfy lowerTranslation <= upperTranslation";
			}
			if ( ttIsBoundedReal( d->targetTranslation, TT_MAX_POSITION ) == false ||
			     ttIsNonNegative( d->driveCompliance ) == false || ttIsNonNegative( d->maxDriveForce ) == false ||
			     ttIsBoundedReal( d->driveForce, TT_MAX_FORCE ) == false )
			{
				return "prismatic drive values must be finite (targetTranslation within +-TT_MAX_POSITION, driveForce "
				       "within +-TT_MAX_FORCE), compliance and maxDriveForce >= 0";
			}
			return NULL;
		}
		case ttJoint_distance:
		{
			const ttDistanceJointDef* d = def;
			if ( ttIsNonNegative( d->minLength ) == false || ttIsNonNegative( d->maxLength ) == false ||
			     d->minLength > d->maxLength )
			{
				return "distance lengths must satisfy 0 <= minLength <= maxLength (finite)";
			}
			if ( ttIsNonNegative( d->compliance ) == false )
			{
				return "distance compliance must be finite and >= 0";
			}
			return NULL;
		}
		case ttJoint_generic:
		{
			const ttGenericJointDef* d = def;
			if ( ttIsValidVec3( d->lowerTranslation ) == false || ttIsValidVec3( d->upperTranslation ) == false )
			{
				return "generic limits must be finite (lower > upper frees an axis)";
			}
			return NULL;
		}
		case ttJoint_path:
			return ttCheckPathDef( def );
		default:
			return "unknown joint type";
	}
}

// ---------------------------------------------------------------------------------------------
// Creation and removal

static void ttJoint_LinkEdge( ttWorld* world, int jointIndex, int side )
{
	ttJoint* joint = ttWorld_Joint( world, jointIndex );
	ttBody* body = ttWorld_Body( world, side == 0 ? joint->bodyA : joint->bodyB );
	int key = jointIndex * 2 + side;
	joint->edgePrev[side] = -1;
	joint->edgeNext[side] = body->jointEdgeHead;
	if ( body->jointEdgeHead >= 0 )
	{
		ttJoint* next = ttWorld_Joint( world, body->jointEdgeHead >> 1 );
		next->edgePrev[body->jointEdgeHead & 1] = key;
	}
	body->jointEdgeHead = key;
}

static void ttJoint_UnlinkEdge( ttWorld* world, int jointIndex, int side )
{
	ttJoint* joint = ttWorld_Joint( world, jointIndex );
	ttBody* body = ttWorld_Body( world, side == 0 ? joint->bodyA : joint->bodyB );
	int prev = joint->edgePrev[side];
	int next = joint->edgeNext[side];
	if ( prev >= 0 )
	{
		ttWorld_Joint( world, prev >> 1 )->edgeNext[prev & 1] = next;
	}
	else
	{
		body->jointEdgeHead = next;
	}
	if ( next >= 0 )
	{
		ttWorld_Joint( world, next >> 1 )->edgePrev[next & 1] = prev;
	}
}

void ttWorld_RemoveJoint( ttWorld* world, int jointIndex )
{
	// What the joint held moves freely from now on.
	const ttJoint* joint = ttWorld_Joint( world, jointIndex );
	ttIsland_WakeBody( world, joint->bodyA );
	ttIsland_WakeBody( world, joint->bodyB );
	ttJoint_UnlinkEdge( world, jointIndex, 0 );
	ttJoint_UnlinkEdge( world, jointIndex, 1 );
	ttPathJoint_Destroy( ttWorld_Joint( world, jointIndex ) );
	ttPool_Free( &world->joints, jointIndex );
	world->jointGraphVersion += 1;
	ttLongRangeGraph_MarkDirty( world );
	// Pairs suppressed by this joint may collide from now on.
	world->pairCount = 0;
}

static ttJointId ttCreateJoint( const char* function, ttWorldId worldId, ttJointType type, const ttJointDef* base,
                                const void* typeDef, size_t typeDefSize )
{
	ttWorld* world = ttGetWorld( worldId );
	if ( world == NULL || world->locked )
	{
		ttReportError( function, "invalid or locked world id" );
		return ttNullJointId;
	}
	if ( base == NULL )
	{
		ttReportError( function, "def is NULL" );
		return ttNullJointId;
	}
	const char* problem = ttCheckBaseDef( base );
	if ( problem == NULL )
	{
		problem = ttCheckTypeDef( type, typeDef );
	}
	if ( problem != NULL )
	{
		ttReportError( function, "%s", problem );
		return ttNullJointId;
	}

	int bodyA = world->groundBody;
	if ( TT_IS_NON_NULL( base->bodyA ) )
	{
		if ( ttBody_IsValid( base->bodyA ) == false || base->bodyA.world0 != world->index )
		{
			ttReportError( function, "bodyA is not a live body of this world" );
			return ttNullJointId;
		}
		bodyA = base->bodyA.index1 - 1;
	}
	if ( ttBody_IsValid( base->bodyB ) == false || base->bodyB.world0 != world->index )
	{
		ttReportError( function, "bodyB is not a live body of this world" );
		return ttNullJointId;
	}
	int bodyB = base->bodyB.index1 - 1;
	if ( bodyA == bodyB )
	{
		ttReportError( function, "a joint needs two different bodies" );
		return ttNullJointId;
	}

	int index = ttPool_Alloc( &world->joints );
	if ( index < 0 )
	{
		ttReportError( function, "out of memory" );
		return ttNullJointId;
	}
	ttJoint* joint = ttWorld_Joint( world, index );
	joint->type = type;
	joint->bodyA = bodyA;
	joint->bodyB = bodyB;
	joint->localFrameA = ( ttTransform ){ base->localFrameA.p, ttQuatNormalize( base->localFrameA.q ) };
	joint->localFrameB = ( ttTransform ){ base->localFrameB.p, ttQuatNormalize( base->localFrameB.q ) };
	joint->linearCompliance = base->linearCompliance;
	joint->angularCompliance = base->angularCompliance;
	joint->linearDamping = base->linearDamping;
	joint->angularDamping = base->angularDamping;
	joint->breakForce = base->breakForce;
	joint->breakTorque = base->breakTorque;
	joint->collideConnected = base->collideConnected;
	joint->userData = base->userData;
	if ( typeDef != NULL )
	{
		memcpy( &joint->hinge, typeDef, typeDefSize );
	}
	if ( type == ttJoint_path )
	{
		const ttPathJointDef* d = typeDef;
		const ttBody* bodyAData = ttWorld_Body( world, bodyA );
		// The curve lives in A's principal frame, as the solver's poses do.
		ttTransform toPrincipal = ttInvMulTransforms( ttBody_PrincipalInBody( bodyAData ), TT_TRANSFORM_IDENTITY );
		joint->curve = ttCurve_Create( d->points, d->pointCount, d->closed, d->smooth, toPrincipal );
		joint->path.points = NULL; // the caller's array is not kept
		joint->pathPosition = -1;
		if ( joint->curve == NULL )
		{
			ttPool_Free( &world->joints, index );
			ttReportError( function, "out of memory" );
			return ttNullJointId;
		}
	}
	ttJoint_LinkEdge( world, index, 0 );
	ttJoint_LinkEdge( world, index, 1 );
	world->jointGraphVersion += 1;
	ttIsland_WakeBody( world, bodyA );
	ttIsland_WakeBody( world, bodyB );
	ttJoint_Prepare( world, joint );
	if ( type == ttJoint_hinge )
	{
		ttJointFrame frame = ttJoint_ComputeFrame( joint, ttWorld_Body( world, bodyA ), ttWorld_Body( world, bodyB ) );
		joint->motorAngle = ttHingeJoint_ComputeAngle( &frame );
	}
	world->pairCount = 0;
	ttLongRangeGraph_MarkDirty( world );
	return ttMakeJointId( world, index );
}

ttJointId ttCreateFixedJoint( ttWorldId worldId, const ttFixedJointDef* def )
{
	return ttCreateJoint( __func__, worldId, ttJoint_fixed, def != NULL ? &def->base : NULL, NULL, 0 );
}

ttJointId ttCreateHingeJoint( ttWorldId worldId, const ttHingeJointDef* def )
{
	return ttCreateJoint( __func__, worldId, ttJoint_hinge, def != NULL ? &def->base : NULL, def, sizeof( *def ) );
}

ttJointId ttCreateSphericalJoint( ttWorldId worldId, const ttSphericalJointDef* def )
{
	return ttCreateJoint( __func__, worldId, ttJoint_spherical, def != NULL ? &def->base : NULL, def, sizeof( *def ) );
}

ttJointId ttCreatePrismaticJoint( ttWorldId worldId, const ttPrismaticJointDef* def )
{
	return ttCreateJoint( __func__, worldId, ttJoint_prismatic, def != NULL ? &def->base : NULL, def, sizeof( *def ) );
}

ttJointId ttCreateDistanceJoint( ttWorldId worldId, const ttDistanceJointDef* def )
{
	return ttCreateJoint( __func__, worldId, ttJoint_distance, def != NULL ? &def->base : NULL, def, sizeof( *def ) );
}

ttJointId ttCreateGenericJoint( ttWorldId worldId, const ttGenericJointDef* def )
{
	return ttCreateJoint( __func__, worldId, ttJoint_generic, def != NULL ? &def->base : NULL, def, sizeof( *def ) );
}

ttJointId ttCreatePathJoint( ttWorldId worldId, const ttPathJointDef* def )
{
	return ttCreateJoint( __func__, worldId, ttJoint_path, def != NULL ? &def->base : NULL, def, sizeof( *def ) );
}

void ttDestroyJoint( ttJointId jointId )
{
	ttWorld* world;
	if ( ttResolveJoint( __func__, jointId, &world ) != NULL )
	{
		ttWorld_RemoveJoint( world, jointId.index1 - 1 );
	}
}

bool ttJoint_IsValid( ttJointId jointId )
{
	ttWorld* world = ttGetWorldByIndex( jointId.world0 );
	return world != NULL && ttPool_IsLive( &world->joints, jointId.index1 - 1, jointId.generation );
}

// ---------------------------------------------------------------------------------------------
// Geometry shared by the types

void ttJoint_Prepare( ttWorld* world, ttJoint* joint )
{
	const ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	const ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	joint->simFrameA = ttInvMulTransforms( ttBody_PrincipalInBody( bodyA ), joint->localFrameA );
	joint->simFrameB = ttInvMulTransforms( ttBody_PrincipalInBody( bodyB ), joint->localFrameB );
}

ttJointFrame ttJoint_ComputeAnchors( const ttJoint* joint, const ttBody* bodyA, const ttBody* bodyB )
{
	ttJointFrame f = { 0 };
	f.rA = ttRotate( bodyA->q, joint->simFrameA.p );
	f.rB = ttRotate( bodyB->q, joint->simFrameB.p );
	f.delta = ttAdd( ttBody_RelativeCenter( bodyA, bodyB ), ttSub( f.rB, f.rA ) );
	return f;
}

ttJointFrame ttJoint_ComputeFrame( const ttJoint* joint, const ttBody* bodyA, const ttBody* bodyB )
{
	ttJointFrame f = ttJoint_ComputeAnchors( joint, bodyA, bodyB );
	f.qA = ttQuatMul( bodyA->q, joint->simFrameA.q );
	f.qB = ttQuatMul( bodyB->q, joint->simFrameB.q );
	f.aA = ttRotate( f.qA, ( ttVec3 ){ 1, 0, 0 } );
	f.bA = ttRotate( f.qA, ( ttVec3 ){ 0, 1, 0 } );
	f.cA = ttRotate( f.qA, ( ttVec3 ){ 0, 0, 1 } );
	f.aB = ttRotate( f.qB, ( ttVec3 ){ 1, 0, 0 } );
	f.bB = ttRotate( f.qB, ( ttVec3 ){ 0, 1, 0 } );
	f.cB = ttRotate( f.qB, ( ttVec3 ){ 0, 0, 1 } );
	return f;
}

// Eqs. 18-19 with the roles ordered B relative to A: dq = qB qA^-1, error = 2 vec(dq).
ttVec3 ttJoint_RotationError( const ttJointFrame* frame )
{
	ttQuat dq = ttQuatMul( frame->qB, ttQuatConj( frame->qA ) );
	ttReal sign = dq.w < 0 ? -2 : 2;
	return ( ttVec3 ){ sign * dq.x, sign * dq.y, sign * dq.z };
}

// Section 3.4.2: one correction vector for all axes and limits of frame A.
ttVec3 ttJoint_AxisLimitError( const ttJointFrame* frame, ttVec3 lower, ttVec3 upper )
{
	const ttVec3 axes[3] = { frame->aA, frame->bA, frame->cA };
	const ttReal lo[3] = { lower.x, lower.y, lower.z };
	const ttReal hi[3] = { upper.x, upper.y, upper.z };
	ttVec3 error = TT_VEC3_ZERO;
	for ( int i = 0; i < 3; ++i )
	{
		if ( lo[i] > hi[i] )
		{
			continue; // free axis
		}
		ttReal a = ttDot( frame->delta, axes[i] );
		if ( a < lo[i] )
		{
			error = ttMulAdd( error, a - lo[i], axes[i] );
		}
		else if ( a > hi[i] )
		{
			error = ttMulAdd( error, a - hi[i], axes[i] );
		}
	}
	return error;
}

void ttJoint_AttachAxes( ttJoint* joint, ttBody* bodyA, ttBody* bodyB, const ttJointFrame* frame, ttVec3 lower,
                         ttVec3 upper, bool lockRotation, ttReal h )
{
	// The axes turn with A, so the gradient of C_i = delta . a_i with respect to A's rotation has
	// the lever rA + delta (B's anchor), not rA: with rA the correction is not the gradient of
	// the error, it does work, and a slider gained energy in proportion to how far it had slid.
	ttJointRows rows = { 0 };
	rows.rA = ttAdd( frame->rA, frame->delta );
	rows.rB = frame->rB;
	const ttVec3 axes[3] = { frame->aA, frame->bA, frame->cA };
	const ttReal lo[3] = { lower.x, lower.y, lower.z };
	const ttReal hi[3] = { upper.x, upper.y, upper.z };
	for ( int i = 0; i < 3; ++i )
	{
		if ( lo[i] > hi[i] )
		{
			continue; // free axis
		}
		// Only the locked axes and the stops that are passed take part: a row along a free
		// direction would pin it too.
		ttReal a = ttDot( frame->delta, axes[i] );
		ttReal excess = a < lo[i] ? a - lo[i] : ( a > hi[i] ? a - hi[i] : 0 );
		bool locked = lo[i] == hi[i];
		if ( excess == 0 && locked == false )
		{
			continue;
		}
		int k = rows.linearCount++;
		rows.linearAxes[k] = axes[i];
		rows.linearErrors[k] = excess;
		rows.linearSigns[k] = locked ? 0 : ( excess > 0 ? 1 : -1 );
	}
	if ( lockRotation )
	{
		ttVec3 error = ttJoint_RotationError( frame );
		const ttReal angular[3] = { ttDot( error, axes[0] ), ttDot( error, axes[1] ), ttDot( error, axes[2] ) };
		for ( int i = 0; i < 3; ++i )
		{
			rows.angularAxes[i] = axes[i];
			rows.angularErrors[i] = angular[i];
		}
		rows.angularCount = 3;
	}
	ttApplyJointRows( bodyA, bodyB, &rows, joint->linearCompliance, joint->angularCompliance, h, &joint->linearLambda,
	                  &joint->angularLambda, &joint->linearImpulse, &joint->angularImpulse );
}

void ttJoint_Attach( ttJoint* joint, ttBody* bodyA, ttBody* bodyB, const ttJointFrame* frame, ttVec3 error, ttReal h )
{
	ttVec3 impulse = ttApplyPointCorrection( bodyA, bodyB, frame->rA, frame->rB, error, joint->linearCompliance, h,
	                                         &joint->linearLambda );
	joint->linearImpulse = ttAdd( joint->linearImpulse, impulse );
}

// ---------------------------------------------------------------------------------------------
// Per-substep bookkeeping and dispatch

void ttJoint_BeginSubstep( ttWorld* world, ttJoint* joint, ttReal h )
{
	for ( int i = 0; i < ttJointPart_count; ++i )
	{
		joint->lambda[i] = 0;
	}
	joint->linearLambda = TT_VEC3_ZERO;
	joint->angularLambda = TT_VEC3_ZERO;
	joint->linearImpulse = TT_VEC3_ZERO;
	joint->angularImpulse = TT_VEC3_ZERO;
	if ( joint->type == ttJoint_hinge && joint->hinge.enableMotor )
	{
		// The paper's motor is a target angle advancing by h v per substep (section 3.4.1). Taken
		// literally, a torque-limited motor falls behind that target and then overshoots to catch
		// up; restarting the target from the current angle every substep makes the correction
		// h (v - w) instead: a velocity motor whose torque cap is a bound on the multiplier.
		ttJointFrame f =
		    ttJoint_ComputeFrame( joint, ttWorld_Body( world, joint->bodyA ), ttWorld_Body( world, joint->bodyB ) );
		ttReal angle = ttHingeJoint_ComputeAngle( &f ) + h * joint->hinge.motorSpeed;
		joint->motorAngle = angle > TT_PI ? angle - 2 * TT_PI : ( angle < -TT_PI ? angle + 2 * TT_PI : angle );
	}
	else if ( joint->type == ttJoint_prismatic && joint->prismatic.driveForce != 0 )
	{
		ttPrismaticJoint_ApplyDriveForce( world, joint, h );
	}
}

void ttJoint_SolvePositions( ttWorld* world, ttJoint* joint, ttReal h, ttJointPhase phase )
{
	switch ( joint->type )
	{
		case ttJoint_fixed:
			ttFixedJoint_SolvePositions( world, joint, h, phase );
			break;
		case ttJoint_hinge:
			ttHingeJoint_SolvePositions( world, joint, h, phase );
			break;
		case ttJoint_spherical:
			ttSphericalJoint_SolvePositions( world, joint, h, phase );
			break;
		case ttJoint_prismatic:
			ttPrismaticJoint_SolvePositions( world, joint, h, phase );
			break;
		case ttJoint_distance:
			ttDistanceJoint_SolvePositions( world, joint, h, phase );
			break;
		case ttJoint_generic:
			ttGenericJoint_SolvePositions( world, joint, h, phase );
			break;
		case ttJoint_path:
			ttPathJoint_SolvePositions( world, joint, h, phase );
			break;
		default:
			break;
	}
}

// Joint damping in the velocity pass (eqs. 31-32): remove the fraction min(mu h, 1) of the
// relative velocity at the anchors and of the relative angular velocity.
void ttJoint_SolveVelocityDrives( ttWorld* world, ttJoint* joint, ttReal h )
{
	if ( joint->type == ttJoint_path && joint->path.enableMotor )
	{
		ttPathJoint_SolveMotor( world, joint, h );
	}
}

void ttJoint_SolveVelocities( ttWorld* world, ttJoint* joint, ttReal h )
{
	if ( joint->linearDamping <= 0 && joint->angularDamping <= 0 )
	{
		return;
	}
	ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
	ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
	if ( joint->linearDamping > 0 )
	{
		ttVec3 rA = ttRotate( bodyA->q, joint->simFrameA.p );
		ttVec3 rB = ttRotate( bodyB->q, joint->simFrameB.p );
		ttVec3 relative = ttSub( ttBody_PointVelocity( bodyB, rB ), ttBody_PointVelocity( bodyA, rA ) );
		ttReal fraction = ttMinReal( joint->linearDamping * h, 1 );
		ttApplyVelocityChange( bodyA, bodyB, rA, rB, ttScale( -fraction, relative ) );
	}
	if ( joint->angularDamping > 0 )
	{
		ttVec3 relative = ttSub( bodyB->w, bodyA->w );
		ttReal fraction = ttMinReal( joint->angularDamping * h, 1 );
		ttApplyAngularVelocityChange( bodyA, bodyB, ttScale( -fraction, relative ) );
	}
}

void ttJoint_EndSubstep( ttJoint* joint, ttReal h )
{
	ttReal invH2 = 1 / ( h * h );
	joint->force = ttScale( invH2, joint->linearImpulse );
	joint->torque = ttScale( invH2, joint->angularImpulse );
}

// The errors count only rigid constraint parts: the deviation of a compliant part (a spring, a
// soft limit, a soft attachment) is the elastic response the user asked for, not an error.
ttReal ttJoint_ComputePositionError( ttWorld* world, const ttJoint* joint )
{
	if ( joint->type == ttJoint_path )
	{
		// The distance from B's point to the curve (past a limit: to the limit's point).
		if ( joint->linearCompliance > 0 )
		{
			return 0;
		}
		return ttLength(
		    ttPathJoint_ComputeFrame( joint, ttWorld_Body( world, joint->bodyA ), ttWorld_Body( world, joint->bodyB ) )
		        .delta );
	}
	ttJointFrame f =
	    ttJoint_ComputeFrame( joint, ttWorld_Body( world, joint->bodyA ), ttWorld_Body( world, joint->bodyB ) );
	if ( joint->type == ttJoint_distance )
	{
		if ( joint->distance.compliance > 0 )
		{
			return 0;
		}
		ttReal length = ttLength( f.delta );
		return ttMaxReal( ttMaxReal( joint->distance.minLength - length, length - joint->distance.maxLength ), 0 );
	}
	if ( joint->linearCompliance > 0 )
	{
		return 0;
	}
	switch ( joint->type )
	{
		case ttJoint_prismatic:
		{
			const ttPrismaticJointDef* d = &joint->prismatic;
			ttReal lower = d->enableLimit ? d->lowerTranslation : 1;
			ttReal upper = d->enableLimit ? d->upperTranslation : 0;
			return ttLength( ttJoint_AxisLimitError( &f, ( ttVec3 ){ lower, 0, 0 }, ( ttVec3 ){ upper, 0, 0 } ) );
		}
		case ttJoint_generic:
			return ttLength(
			    ttJoint_AxisLimitError( &f, joint->generic.lowerTranslation, joint->generic.upperTranslation ) );
		default:
			return ttLength( f.delta );
	}
}

static ttReal ttLimitViolation( ttReal angle, ttReal lower, ttReal upper, ttReal compliance )
{
	if ( compliance > 0 )
	{
		return 0;
	}
	return angle < lower ? lower - angle : ( angle > upper ? angle - upper : 0 );
}

static ttReal ttLockError( const ttJoint* joint, const ttJointFrame* f )
{
	if ( joint->angularCompliance > 0 )
	{
		return 0;
	}
	return ttLength( ttQuatToRotationVector( ttQuatMul( f->qB, ttQuatConj( f->qA ) ) ) );
}

ttReal ttJoint_ComputeAngleError( ttWorld* world, const ttJoint* joint )
{
	ttJointFrame f =
	    ttJoint_ComputeFrame( joint, ttWorld_Body( world, joint->bodyA ), ttWorld_Body( world, joint->bodyB ) );
	switch ( joint->type )
	{
		case ttJoint_fixed:
		case ttJoint_prismatic:
			return ttLockError( joint, &f );
		case ttJoint_hinge:
		{
			const ttHingeJointDef* d = &joint->hinge;
			ttReal misalignment =
			    joint->angularCompliance > 0 ? 0 : ttAtan2( ttLength( ttCross( f.aA, f.aB ) ), ttDot( f.aA, f.aB ) );
			ttReal limit = d->enableLimit ? ttLimitViolation( ttHingeJoint_ComputeAngle( &f ), d->lowerAngle,
			                                                  d->upperAngle, d->limitCompliance )
			                              : 0;
			return ttMaxReal( misalignment, limit );
		}
		case ttJoint_spherical:
		{
			const ttSphericalJointDef* d = &joint->spherical;
			ttReal swing = d->enableSwingLimit ? ttLimitViolation( ttSphericalJoint_ComputeSwing( &f ), 0,
			                                                       d->maxSwingAngle, d->swingCompliance )
			                                   : 0;
			ttReal twist = d->enableTwistLimit
			                   ? ttLimitViolation( ttSphericalJoint_ComputeTwist( &f ), d->lowerTwistAngle,
			                                       d->upperTwistAngle, d->twistCompliance )
			                   : 0;
			return ttMaxReal( swing, twist );
		}
		case ttJoint_generic:
			return joint->generic.lockRotation ? ttLockError( joint, &f ) : 0;
		default:
			return 0;
	}
}
