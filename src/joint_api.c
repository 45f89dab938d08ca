// SPDX-License-Identifier: MIT
// Public accessors of joints: readouts, measured angles and run-time changes of parameters.
#include "bounds.h"
#include "core.h"
#include "island.h"
#include "world.h"

#include "tether/tether.h"

static ttJoint* ttResolveTypedJoint( const char* function, ttJointId jointId, ttJointType type, ttWorld** world )
{
	ttJoint* joint = ttResolveJoint( function, jointId, world );
	if ( joint != NULL && joint->type != type )
	{
		ttReportError( function, "the joint has the wrong type for this function" );
		return NULL;
	}
	return joint;
}

// A joint whose parameters change must be solved again: wake the bodies it connects.
static void ttWakeJointBodies( ttWorld* world, const ttJoint* joint )
{
	ttIsland_WakeBody( world, joint->bodyA );
	ttIsland_WakeBody( world, joint->bodyB );
}

static ttJointFrame ttFrameOf( ttWorld* world, const ttJoint* joint )
{
	return ttJoint_ComputeFrame( joint, ttWorld_Body( world, joint->bodyA ), ttWorld_Body( world, joint->bodyB ) );
}

ttJointType ttJoint_GetType( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolveJoint( __func__, jointId, &world );
	return joint != NULL ? joint->type : ttJoint_count;
}

ttBodyId ttJoint_GetBodyA( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolveJoint( __func__, jointId, &world );
	if ( joint == NULL || joint->bodyA == world->groundBody )
	{
		return ttNullBodyId;
	}
	return ttMakeBodyId( world, joint->bodyA );
}

ttBodyId ttJoint_GetBodyB( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolveJoint( __func__, jointId, &world );
	return joint != NULL ? ttMakeBodyId( world, joint->bodyB ) : ttNullBodyId;
}

void* ttJoint_GetUserData( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolveJoint( __func__, jointId, &world );
	return joint != NULL ? joint->userData : NULL;
}

// World transform of one side's joint frame: side 0 is body A, side 1 body B.
static ttTransform ttJointWorldFrame( const char* function, ttJointId jointId, int side )
{
	ttWorld* world;
	ttJoint* joint = ttResolveJoint( function, jointId, &world );
	if ( joint == NULL )
	{
		return TT_TRANSFORM_IDENTITY;
	}
	const ttBody* body = ttWorld_Body( world, side == 0 ? joint->bodyA : joint->bodyB );
	ttTransform local = side == 0 ? joint->simFrameA : joint->simFrameB;
	return ttMulTransforms( ( ttTransform ){ ttBody_Center( body ), body->q }, local );
}

ttVec3 ttJoint_GetAnchorA( ttJointId jointId )
{
	return ttJointWorldFrame( __func__, jointId, 0 ).p;
}

ttVec3 ttJoint_GetAnchorB( ttJointId jointId )
{
	return ttJointWorldFrame( __func__, jointId, 1 ).p;
}

ttTransform ttJoint_GetFrameA( ttJointId jointId )
{
	return ttJointWorldFrame( __func__, jointId, 0 );
}

ttTransform ttJoint_GetFrameB( ttJointId jointId )
{
	return ttJointWorldFrame( __func__, jointId, 1 );
}

ttVec3 ttJoint_GetConstraintForce( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolveJoint( __func__, jointId, &world );
	return joint != NULL ? joint->force : TT_VEC3_ZERO;
}

ttVec3 ttJoint_GetConstraintTorque( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolveJoint( __func__, jointId, &world );
	return joint != NULL ? joint->torque : TT_VEC3_ZERO;
}

ttReal ttJoint_GetPositionError( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolveJoint( __func__, jointId, &world );
	return joint != NULL ? ttJoint_ComputePositionError( world, joint ) : 0;
}

ttReal ttJoint_GetAngleError( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolveJoint( __func__, jointId, &world );
	return joint != NULL ? ttJoint_ComputeAngleError( world, joint ) : 0;
}

ttResult ttJoint_SetBreakThresholds( ttJointId jointId, ttReal breakForce, ttReal breakTorque )
{
	ttWorld* world;
	ttJoint* joint = ttResolveJoint( __func__, jointId, &world );
	if ( joint == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsValidReal( breakForce ) == false || breakForce <= 0 || ttIsValidReal( breakTorque ) == false ||
	     breakTorque <= 0 )
	{
		TT_ERROR( "break thresholds must be finite and > 0 (TT_HUGE for unbreakable)" );
		return ttResult_invalidArgument;
	}
	joint->breakForce = breakForce;
	joint->breakTorque = breakTorque;
	ttWakeJointBodies( world, joint );
	return ttResult_ok;
}

static bool ttIsNonNegativeReal( ttReal value )
{
	return ttIsValidReal( value ) && value >= 0;
}

ttResult ttJoint_SetCompliance( ttJointId jointId, ttReal linearCompliance, ttReal angularCompliance )
{
	ttWorld* world;
	ttJoint* joint = ttResolveJoint( __func__, jointId, &world );
	if ( joint == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsNonNegativeReal( linearCompliance ) == false || ttIsNonNegativeReal( angularCompliance ) == false )
	{
		TT_ERROR( "compliances must be finite and >= 0" );
		return ttResult_invalidArgument;
	}
	joint->linearCompliance = linearCompliance;
	joint->angularCompliance = angularCompliance;
	ttWakeJointBodies( world, joint );
	ttLongRangeGraph_MarkDirty( world ); // a soft attachment stops propagating distances
	return ttResult_ok;
}

ttResult ttJoint_SetDamping( ttJointId jointId, ttReal linearDamping, ttReal angularDamping )
{
	ttWorld* world;
	ttJoint* joint = ttResolveJoint( __func__, jointId, &world );
	if ( joint == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsNonNegativeReal( linearDamping ) == false || ttIsNonNegativeReal( angularDamping ) == false )
	{
		TT_ERROR( "damping must be finite and >= 0" );
		return ttResult_invalidArgument;
	}
	joint->linearDamping = linearDamping;
	joint->angularDamping = angularDamping;
	ttWakeJointBodies( world, joint );
	return ttResult_ok;
}

ttReal ttHingeJoint_GetAngle( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolveTypedJoint( __func__, jointId, ttJoint_hinge, &world );
	if ( joint == NULL )
	{
		return 0;
	}
	ttJointFrame f = ttFrameOf( world, joint );
	return ttHingeJoint_ComputeAngle( &f );
}

ttResult ttHingeJoint_SetLimits( ttJointId jointId, bool enable, ttReal lower, ttReal upper )
{
	ttWorld* world;
	ttJoint* joint = ttResolveTypedJoint( __func__, jointId, ttJoint_hinge, &world );
	if ( joint == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsValidReal( lower ) == false || ttIsValidReal( upper ) == false || lower > upper || lower < -TT_PI ||
	     upper > TT_PI )
	{
		TT_ERROR( "limits must satisfy -pi <= lower <= upper <= pi" );
		return ttResult_invalidArgument;
	}
	joint->hinge.enableLimit = enable;
	joint->hinge.lowerAngle = lower;
	joint->hinge.upperAngle = upper;
	ttWakeJointBodies( world, joint );
	ttLongRangeGraph_MarkDirty( world ); // the derived bounds depend on the limits
	return ttResult_ok;
}

// Debug readers of the limits: the viewer draws them, tests check them. Each output may be NULL;
// on an invalid id the given outputs are cleared so that a caller never reads garbage.
static void ttStoreBool( bool* out, bool value )
{
	if ( out != NULL )
	{
		*out = value;
	}
}

static void ttStoreReal( ttReal* out, ttReal value )
{
	if ( out != NULL )
	{
		*out = value;
	}
}

ttResult ttHingeJoint_GetLimits( ttJointId jointId, bool* enabled, ttReal* lower, ttReal* upper )
{
	ttWorld* world;
	ttJoint* joint = ttResolveTypedJoint( __func__, jointId, ttJoint_hinge, &world );
	const ttHingeJointDef* def = joint != NULL ? &joint->hinge : NULL;
	ttStoreBool( enabled, def != NULL && def->enableLimit );
	ttStoreReal( lower, def != NULL ? def->lowerAngle : 0 );
	ttStoreReal( upper, def != NULL ? def->upperAngle : 0 );
	return def != NULL ? ttResult_ok : ttResult_invalidId;
}

ttResult ttHingeJoint_SetTarget( ttJointId jointId, bool enable, ttReal targetAngle, ttReal compliance )
{
	ttWorld* world;
	ttJoint* joint = ttResolveTypedJoint( __func__, jointId, ttJoint_hinge, &world );
	if ( joint == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsValidReal( targetAngle ) == false || ttIsNonNegativeReal( compliance ) == false )
	{
		TT_ERROR( "target angle must be finite and compliance >= 0" );
		return ttResult_invalidArgument;
	}
	joint->hinge.enableTarget = enable;
	joint->hinge.targetAngle = targetAngle;
	joint->hinge.targetCompliance = compliance;
	ttWakeJointBodies( world, joint );
	return ttResult_ok;
}

ttResult ttHingeJoint_SetMotor( ttJointId jointId, bool enable, ttReal speed, ttReal maxTorque )
{
	ttWorld* world;
	ttJoint* joint = ttResolveTypedJoint( __func__, jointId, ttJoint_hinge, &world );
	if ( joint == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsBoundedReal( speed, TT_MAX_ANGULAR_SPEED ) == false || ttIsNonNegativeReal( maxTorque ) == false )
	{
		TT_ERROR( "motor speed must be finite and within +-TT_MAX_ANGULAR_SPEED (1e6 rad/s), maxTorque >= 0" );
		return ttResult_invalidArgument;
	}
	if ( enable && joint->hinge.enableMotor == false )
	{
		ttJointFrame f = ttFrameOf( world, joint );
		joint->motorAngle = ttHingeJoint_ComputeAngle( &f );
	}
	joint->hinge.enableMotor = enable;
	joint->hinge.motorSpeed = speed;
	joint->hinge.maxMotorTorque = maxTorque;
	ttWakeJointBodies( world, joint );
	return ttResult_ok;
}

ttReal ttSphericalJoint_GetSwingAngle( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolveTypedJoint( __func__, jointId, ttJoint_spherical, &world );
	if ( joint == NULL )
	{
		return 0;
	}
	ttJointFrame f = ttFrameOf( world, joint );
	return ttSphericalJoint_ComputeSwing( &f );
}

ttReal ttSphericalJoint_GetTwistAngle( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolveTypedJoint( __func__, jointId, ttJoint_spherical, &world );
	if ( joint == NULL )
	{
		return 0;
	}
	ttJointFrame f = ttFrameOf( world, joint );
	return ttSphericalJoint_ComputeTwist( &f );
}

ttResult ttSphericalJoint_GetLimits( ttJointId jointId, bool* swingEnabled, ttReal* maxSwing, bool* twistEnabled,
                                     ttReal* lowerTwist, ttReal* upperTwist )
{
	ttWorld* world;
	ttJoint* joint = ttResolveTypedJoint( __func__, jointId, ttJoint_spherical, &world );
	const ttSphericalJointDef* def = joint != NULL ? &joint->spherical : NULL;
	ttStoreBool( swingEnabled, def != NULL && def->enableSwingLimit );
	ttStoreReal( maxSwing, def != NULL ? def->maxSwingAngle : 0 );
	ttStoreBool( twistEnabled, def != NULL && def->enableTwistLimit );
	ttStoreReal( lowerTwist, def != NULL ? def->lowerTwistAngle : 0 );
	ttStoreReal( upperTwist, def != NULL ? def->upperTwistAngle : 0 );
	return def != NULL ? ttResult_ok : ttResult_invalidId;
}

ttReal ttPrismaticJoint_GetTranslation( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolveTypedJoint( __func__, jointId, ttJoint_prismatic, &world );
	if ( joint == NULL )
	{
		return 0;
	}
	ttJointFrame f = ttFrameOf( world, joint );
	return ttDot( f.delta, f.aA );
}

ttResult ttPrismaticJoint_GetLimits( ttJointId jointId, bool* enabled, ttReal* lower, ttReal* upper )
{
	ttWorld* world;
	ttJoint* joint = ttResolveTypedJoint( __func__, jointId, ttJoint_prismatic, &world );
	const ttPrismaticJointDef* def = joint != NULL ? &joint->prismatic : NULL;
	ttStoreBool( enabled, def != NULL && def->enableLimit );
	ttStoreReal( lower, def != NULL ? def->lowerTranslation : 0 );
	ttStoreReal( upper, def != NULL ? def->upperTranslation : 0 );
	return def != NULL ? ttResult_ok : ttResult_invalidId;
}

ttResult ttPrismaticJoint_SetTarget( ttJointId jointId, bool enable, ttReal target, ttReal compliance )
{
	ttWorld* world;
	ttJoint* joint = ttResolveTypedJoint( __func__, jointId, ttJoint_prismatic, &world );
	if ( joint == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsBoundedReal( target, TT_MAX_POSITION ) == false || ttIsNonNegativeReal( compliance ) == false )
	{
		TT_ERROR( "target must be finite and compliance >= 0" );
		return ttResult_invalidArgument;
	}
	joint->prismatic.enableDrive = enable;
	joint->prismatic.targetTranslation = target;
	joint->prismatic.driveCompliance = compliance;
	ttWakeJointBodies( world, joint );
	return ttResult_ok;
}

ttResult ttPrismaticJoint_SetDriveForce( ttJointId jointId, ttReal force )
{
	ttWorld* world;
	ttJoint* joint = ttResolveTypedJoint( __func__, jointId, ttJoint_prismatic, &world );
	if ( joint == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsBoundedReal( force, TT_MAX_FORCE ) == false )
	{
		TT_ERROR( "force must be finite and within +-TT_MAX_FORCE (1e15 N)" );
		return ttResult_invalidArgument;
	}
	joint->prismatic.driveForce = force;
	ttWakeJointBodies( world, joint );
	return ttResult_ok;
}

ttReal ttDistanceJoint_GetLength( ttJointId jointId )
{
	ttWorld* world;
	ttJoint* joint = ttResolveTypedJoint( __func__, jointId, ttJoint_distance, &world );
	if ( joint == NULL )
	{
		return 0;
	}
	ttJointFrame f = ttFrameOf( world, joint );
	return ttLength( f.delta );
}

ttResult ttDistanceJoint_SetLengthRange( ttJointId jointId, ttReal minLength, ttReal maxLength )
{
	ttWorld* world;
	ttJoint* joint = ttResolveTypedJoint( __func__, jointId, ttJoint_distance, &world );
	if ( joint == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsNonNegativeReal( minLength ) == false || ttIsNonNegativeReal( maxLength ) == false ||
	     minLength > maxLength )
	{
		TT_ERROR( "lengths must satisfy 0 <= minLength <= maxLength (finite)" );
		return ttResult_invalidArgument;
	}
	joint->distance.minLength = minLength;
	joint->distance.maxLength = maxLength;
	ttWakeJointBodies( world, joint );
	ttLongRangeGraph_MarkDirty( world );
	return ttResult_ok;
}
