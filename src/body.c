// SPDX-License-Identifier: MIT
// Bodies: creation, pose and velocity access, loads, and mass properties from shapes.
#include "bounds.h"
#include "core.h"
#include "island.h"
#include "long_range_support.h"
#include "particle.h"
#include "world.h"

#include "tether/tether.h"

#include <float.h>
#include <string.h>

#define TT_DEF_COOKIE 0x7e7e7e

ttBodyDef ttDefaultBodyDef( void )
{
	ttBodyDef def = { 0 };
	def.type = ttBody_static;
	def.rotation = TT_QUAT_IDENTITY;
	def.gravityScale = 1;
	def.enableSleep = true;
	def.isAwake = true;
	def.internalValue = TT_DEF_COOKIE;
	return def;
}

static bool ttCheckBodyDef( const ttBodyDef* def )
{
	if ( def == NULL || def->internalValue != TT_DEF_COOKIE )
	{
		ttReportError( "ttCreateBody", "def is NULL or was not initialised with ttDefaultBodyDef" );
		return false;
	}
	const char* problem = NULL;
	if ( def->type != ttBody_static && def->type != ttBody_kinematic && def->type != ttBody_dynamic )
	{
		problem = "type is not a ttBodyType";
	}
	else if ( ttIsBoundedVec3( def->position, TT_MAX_POSITION ) == false )
	{
		problem = "position must be finite and within +-TT_MAX_POSITION (1e12 m)";
	}
	else if ( ttIsValidQuat( def->rotation ) == false )
	{
		problem = "rotation must be a finite unit quaternion";
	}
	else if ( ttIsBoundedVec3( def->linearVelocity, TT_MAX_SPEED ) == false )
	{
		problem = "linear velocity must be finite and within +-TT_MAX_SPEED (1e6 m/s)";
	}
	else if ( ttIsBoundedVec3( def->angularVelocity, TT_MAX_ANGULAR_SPEED ) == false )
	{
		problem = "angular velocity must be finite and within +-TT_MAX_ANGULAR_SPEED (1e6 rad/s)";
	}
	else if ( ttIsValidReal( def->linearDamping ) == false || def->linearDamping < 0 ||
	          ttIsValidReal( def->angularDamping ) == false || def->angularDamping < 0 )
	{
		problem = "damping must be finite and >= 0";
	}
	else if ( ttIsBoundedReal( def->gravityScale, TT_MAX_GRAVITY_SCALE ) == false )
	{
		problem = "gravityScale must be finite and within +-TT_MAX_GRAVITY_SCALE (1e6)";
	}
	if ( problem != NULL )
	{
		ttReportError( "ttCreateBody", "%s", problem );
		return false;
	}
	return true;
}

ttBodyId ttCreateBody( ttWorldId worldId, const ttBodyDef* def )
{
	ttWorld* world = ttGetWorld( worldId );
	if ( world == NULL || world->locked )
	{
		TT_ERROR( "invalid or locked world id" );
		return ttNullBodyId;
	}
	if ( ttCheckBodyDef( def ) == false )
	{
		return ttNullBodyId;
	}
	int index = ttPool_Alloc( &world->bodies );
	if ( index < 0 )
	{
		TT_ERROR( "out of memory" );
		return ttNullBodyId;
	}
	ttBody* body = ttWorld_Body( world, index );
	body->type = def->type;
	if ( def->name != NULL )
	{
		strncpy( body->name, def->name, sizeof( body->name ) - 1 );
	}
	body->userData = def->userData;
	body->localCenter = TT_VEC3_ZERO;
	body->principalRotation = TT_QUAT_IDENTITY;
	body->origin = def->position;
	body->q = ttQuatNormalize( def->rotation );
	body->prevQ = body->q;
	body->v = def->linearVelocity;
	body->w = def->angularVelocity;
	body->fixedRotation = def->fixedRotation;
	body->gravityScale = def->gravityScale;
	body->linearDamping = def->linearDamping;
	body->angularDamping = def->angularDamping;
	body->shapeHead = -1;
	body->jointEdgeHead = -1;
	body->enableSleep = def->enableSleep;
	ttBody_UpdateMass( world, index );
	if ( ttIsland_AddBody( world, index, def->isAwake ) == false )
	{
		ttPool_Free( &world->bodies, index );
		TT_ERROR( "out of memory" );
		return ttNullBodyId;
	}
	return ttMakeBodyId( world, index );
}

void ttDestroyBody( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	if ( body == NULL )
	{
		return;
	}
	int bodyIndex = bodyId.index1 - 1;
	// What rested on the body or hung from it moves again. The joints go first: removing one
	// wakes both its bodies, and this one must not re-enter the awake list after leaving it.
	ttIsland_WakeNeighbours( world, bodyIndex );
	while ( body->jointEdgeHead >= 0 )
	{
		ttWorld_RemoveJoint( world, body->jointEdgeHead >> 1 );
	}
	ttIsland_RemoveBody( world, bodyIndex );
	int shapeIndex = body->shapeHead;
	while ( shapeIndex >= 0 )
	{
		int next = ttWorld_Shape( world, shapeIndex )->nextShape;
		ttBroadPhase_DestroyProxy( world, shapeIndex );
		ttShape_ReleaseData( ttWorld_Shape( world, shapeIndex ) );
		ttPool_Free( &world->shapes, shapeIndex );
		shapeIndex = next;
	}
	// Contacts and pairs of this step refer to shapes by index: drop them.
	world->pairCount = 0;
	world->manifoldCount = 0;
	world->previousManifoldCount = 0;
	ttSupport_Forget( world );
	ttParticles_ForgetBody( world, bodyIndex );
	ttPool_Free( &world->bodies, bodyIndex );
}

bool ttBody_IsValid( ttBodyId bodyId )
{
	ttWorld* world = ttGetWorldByIndex( bodyId.world0 );
	int index = bodyId.index1 - 1;
	return world != NULL && index != world->groundBody && ttPool_IsLive( &world->bodies, index, bodyId.generation );
}

ttWorldId ttBody_GetWorld( ttBodyId bodyId )
{
	ttWorld* world;
	if ( ttResolveBody( __func__, bodyId, &world ) == NULL )
	{
		return ttNullWorldId;
	}
	return ( ttWorldId ){ (uint32_t)( world->index + 1 ), world->generation };
}

ttBodyType ttBody_GetType( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL ? body->type : ttBody_static;
}

const char* ttBody_GetName( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL ? body->name : "";
}

void* ttBody_GetUserData( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL ? body->userData : NULL;
}

ttVec3 ttBody_GetPosition( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL ? ttBody_UserTransform( body ).p : TT_VEC3_ZERO;
}

ttQuat ttBody_GetRotation( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL ? ttBody_UserRotation( body ) : TT_QUAT_IDENTITY;
}

ttTransform ttBody_GetTransform( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL ? ttBody_UserTransform( body ) : TT_TRANSFORM_IDENTITY;
}

// Put the body's centre of mass at `center` and its principal axes at `q` (the solver's frame).
static void ttBody_Place( ttWorld* world, int bodyIndex, ttVec3 center, ttQuat q )
{
	ttBody* body = ttWorld_Body( world, bodyIndex );
	// Wake what touched the body where it was (a static body has its resting neighbours found
	// through the broadphase, since they sleep without contacts).
	ttIsland_WakeNeighbours( world, bodyIndex );
	body->q = q;
	body->prevQ = q;
	body->origin = center;
	body->delta = TT_VEC3_ZERO;
	body->prevDelta = TT_VEC3_ZERO;
	body->hasKinematicTarget = false;
	world->pairCount = 0;
	ttBroadPhase_TouchBody( world, bodyIndex );
}

ttResult ttBody_SetTransform( ttBodyId bodyId, ttVec3 position, ttQuat rotation )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	if ( body == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsBoundedVec3( position, TT_MAX_POSITION ) == false || ttIsValidQuat( rotation ) == false )
	{
		TT_ERROR( "position must be finite and within +-TT_MAX_POSITION (1e12 m), rotation a finite unit quaternion" );
		return ttResult_invalidArgument;
	}
	rotation = ttQuatNormalize( rotation );
	ttBody_Place( world, bodyId.index1 - 1, ttAdd( position, ttRotate( rotation, body->localCenter ) ),
	              ttQuatMul( rotation, body->principalRotation ) );
	return ttResult_ok;
}

ttTransform ttBody_GetCenterOfMassTransform( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL ? ( ttTransform ){ ttBody_Center( body ), body->q } : TT_TRANSFORM_IDENTITY;
}

ttResult ttBody_SetCenterOfMassTransform( ttBodyId bodyId, ttVec3 center, ttQuat principalRotation )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	if ( body == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsBoundedVec3( center, TT_MAX_POSITION ) == false || ttIsValidQuat( principalRotation ) == false )
	{
		TT_ERROR( "center must be finite and within +-TT_MAX_POSITION (1e12 m), rotation a finite unit quaternion" );
		return ttResult_invalidArgument;
	}
	// A rotation that is unit to rounding is kept as given, so that a state read back with
	// ttBody_GetCenterOfMassTransform is restored bit for bit (normalising can move it by an ulp).
	ttQuat r = principalRotation;
	ttReal lengthSquared = r.x * r.x + r.y * r.y + r.z * r.z + r.w * r.w;
	if ( ttAbs( lengthSquared - 1 ) > 8 * ( TT_REAL_IS_FLOAT ? (ttReal)FLT_EPSILON : (ttReal)DBL_EPSILON ) )
	{
		principalRotation = ttQuatNormalize( principalRotation );
	}
	ttBody_Place( world, bodyId.index1 - 1, center, principalRotation );
	return ttResult_ok;
}

ttVec3 ttBody_GetWorldCenterOfMass( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL ? ttBody_Center( body ) : TT_VEC3_ZERO;
}

ttVec3 ttBody_GetWorldPoint( ttBodyId bodyId, ttVec3 localPoint )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL ? ttTransformPoint( ttBody_UserTransform( body ), localPoint ) : TT_VEC3_ZERO;
}

ttVec3 ttBody_GetLocalPoint( ttBodyId bodyId, ttVec3 worldPoint )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL ? ttInvTransformPoint( ttBody_UserTransform( body ), worldPoint ) : TT_VEC3_ZERO;
}

ttVec3 ttBody_GetWorldVector( ttBodyId bodyId, ttVec3 localVector )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL ? ttRotate( ttBody_UserRotation( body ), localVector ) : TT_VEC3_ZERO;
}

ttVec3 ttBody_GetWorldPointVelocity( ttBodyId bodyId, ttVec3 worldPoint )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	if ( body == NULL )
	{
		return TT_VEC3_ZERO;
	}
	return ttBody_PointVelocity( body, ttSub( worldPoint, ttBody_Center( body ) ) );
}

ttVec3 ttBody_GetLinearVelocity( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL ? body->v : TT_VEC3_ZERO;
}

ttVec3 ttBody_GetAngularVelocity( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL ? body->w : TT_VEC3_ZERO;
}

// Wake a body already resolved (its island when it sleeps): the caller changed its motion.
static void ttWakeBodyId( ttBodyId bodyId )
{
	ttIsland_WakeBody( ttGetWorldByIndex( bodyId.world0 ), bodyId.index1 - 1 );
}

// Resolve a body that the caller wants to change with a vector, finite and within +-limit.
static ttBody* ttResolveMovableBody( const char* function, ttBodyId bodyId, ttVec3 value, ttReal limit,
                                     const char* what, ttResult* result )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( function, bodyId, &world );
	if ( body == NULL )
	{
		*result = ttResult_invalidId;
		return NULL;
	}
	if ( ttIsBoundedVec3( value, limit ) == false )
	{
		ttReportError( function, "%s must be finite and each component within +-%g", what, (double)limit );
		*result = ttResult_invalidArgument;
		return NULL;
	}
	*result = ttResult_ok;
	return body;
}

// The same, for a load applied at a world point that must be finite too.
static ttBody* ttResolveLoadAtPoint( const char* function, ttBodyId bodyId, ttVec3 value, const char* what,
                                     ttVec3 worldPoint, ttResult* result )
{
	ttBody* body = ttResolveMovableBody( function, bodyId, value, TT_MAX_FORCE, what, result );
	if ( body != NULL && ttIsBoundedVec3( worldPoint, TT_MAX_POSITION ) == false )
	{
		ttReportError( function, "point must be finite and within +-TT_MAX_POSITION (1e12 m)" );
		*result = ttResult_invalidArgument;
		return NULL;
	}
	return body;
}

ttResult ttBody_SetLinearVelocity( ttBodyId bodyId, ttVec3 velocity )
{
	ttResult result;
	ttBody* body = ttResolveMovableBody( __func__, bodyId, velocity, TT_MAX_SPEED, "velocity", &result );
	if ( body != NULL && body->type != ttBody_static )
	{
		body->v = velocity;
		ttWakeBodyId( bodyId );
	}
	return result;
}

ttResult ttBody_SetAngularVelocity( ttBodyId bodyId, ttVec3 velocity )
{
	ttResult result;
	ttBody* body = ttResolveMovableBody( __func__, bodyId, velocity, TT_MAX_ANGULAR_SPEED, "velocity", &result );
	if ( body != NULL && body->type != ttBody_static && body->fixedRotation == false )
	{
		body->w = velocity;
		ttWakeBodyId( bodyId );
	}
	return result;
}

ttResult ttBody_SetKinematicTarget( ttBodyId bodyId, ttVec3 position, ttQuat rotation )
{
	ttResult result;
	ttBody* body = ttResolveMovableBody( __func__, bodyId, position, TT_MAX_POSITION, "position", &result );
	if ( body == NULL )
	{
		return result;
	}
	if ( ttIsValidQuat( rotation ) == false )
	{
		TT_ERROR( "rotation must be a finite unit quaternion" );
		return ttResult_invalidArgument;
	}
	if ( body->type != ttBody_kinematic )
	{
		TT_ERROR( "only kinematic bodies take targets" );
		return ttResult_invalidState;
	}
	rotation = ttQuatNormalize( rotation );
	body->hasKinematicTarget = true;
	body->targetQ = ttQuatMul( rotation, body->principalRotation );
	body->targetCenter = ttAdd( position, ttRotate( rotation, body->localCenter ) );
	ttWakeBodyId( bodyId );
	return ttResult_ok;
}

ttResult ttBody_ApplyForce( ttBodyId bodyId, ttVec3 force, ttVec3 worldPoint )
{
	ttResult result;
	ttBody* body = ttResolveLoadAtPoint( __func__, bodyId, force, "force", worldPoint, &result );
	if ( body != NULL && body->type == ttBody_dynamic )
	{
		ttWakeBodyId( bodyId );
		body->force = ttAdd( body->force, force );
		body->torque = ttAdd( body->torque, ttCross( ttSub( worldPoint, ttBody_Center( body ) ), force ) );
	}
	return result;
}

ttResult ttBody_ApplyForceToCenter( ttBodyId bodyId, ttVec3 force )
{
	ttResult result;
	ttBody* body = ttResolveMovableBody( __func__, bodyId, force, TT_MAX_FORCE, "force", &result );
	if ( body != NULL && body->type == ttBody_dynamic )
	{
		ttWakeBodyId( bodyId );
		body->force = ttAdd( body->force, force );
	}
	return result;
}

ttResult ttBody_ApplyTorque( ttBodyId bodyId, ttVec3 torque )
{
	ttResult result;
	ttBody* body = ttResolveMovableBody( __func__, bodyId, torque, TT_MAX_FORCE, "torque", &result );
	if ( body != NULL && body->type == ttBody_dynamic )
	{
		ttWakeBodyId( bodyId );
		body->torque = ttAdd( body->torque, torque );
	}
	return result;
}

// An impulse within TT_MAX_FORCE can still leave a light body faster than the velocity limits.
static bool ttCheckImpulseResult( const char* function, ttVec3 v, ttVec3 w )
{
	if ( ttIsBoundedVec3( v, TT_MAX_SPEED ) == false || ttIsBoundedVec3( w, TT_MAX_ANGULAR_SPEED ) == false )
	{
		ttReportError( function, "impulse would leave the body faster than TT_MAX_SPEED (1e6 m/s) or "
		                         "TT_MAX_ANGULAR_SPEED (1e6 rad/s)" );
		return false;
	}
	return true;
}

ttResult ttBody_ApplyLinearImpulse( ttBodyId bodyId, ttVec3 impulse, ttVec3 worldPoint )
{
	ttResult result;
	ttBody* body = ttResolveLoadAtPoint( __func__, bodyId, impulse, "impulse", worldPoint, &result );
	if ( body != NULL && body->type == ttBody_dynamic )
	{
		ttVec3 r = ttSub( worldPoint, ttBody_Center( body ) );
		ttVec3 v = ttMulAdd( body->v, body->invMass, impulse );
		ttVec3 w = ttAdd( body->w, ttBody_ApplyInvInertia( body, ttCross( r, impulse ) ) );
		if ( ttCheckImpulseResult( __func__, v, w ) == false )
		{
			return ttResult_invalidArgument;
		}
		ttWakeBodyId( bodyId );
		body->v = v;
		body->w = w;
	}
	return result;
}

ttResult ttBody_ApplyAngularImpulse( ttBodyId bodyId, ttVec3 impulse )
{
	ttResult result;
	ttBody* body = ttResolveMovableBody( __func__, bodyId, impulse, TT_MAX_FORCE, "impulse", &result );
	if ( body != NULL && body->type == ttBody_dynamic )
	{
		ttVec3 w = ttAdd( body->w, ttBody_ApplyInvInertia( body, impulse ) );
		if ( ttCheckImpulseResult( __func__, body->v, w ) == false )
		{
			return ttResult_invalidArgument;
		}
		ttWakeBodyId( bodyId );
		body->w = w;
	}
	return result;
}

ttReal ttBody_GetMass( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL ? body->mass : 0;
}

ttMassData ttBody_GetMassData( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	if ( body == NULL )
	{
		return ( ttMassData ){ 0, TT_VEC3_ZERO, TT_VEC3_ZERO, TT_QUAT_IDENTITY };
	}
	return ( ttMassData ){ body->mass, body->localCenter, body->inertia, body->principalRotation };
}

static void ttBody_SetMassProperties( ttBody* body, ttReal mass, ttVec3 inertia )
{
	body->mass = mass;
	body->invMass = mass > 0 ? 1 / mass : 0;
	body->inertia = inertia;
	if ( body->fixedRotation || mass == 0 )
	{
		body->invInertia = TT_VEC3_ZERO;
	}
	else
	{
		body->invInertia = ( ttVec3 ){ inertia.x > 0 ? 1 / inertia.x : 0, inertia.y > 0 ? 1 / inertia.y : 0,
		                               inertia.z > 0 ? 1 / inertia.z : 0 };
	}
}

ttResult ttBody_SetMassData( ttBodyId bodyId, ttMassData massData )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	if ( body == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsValidReal( massData.mass ) == false || massData.mass < TT_MIN_MASS || massData.mass > TT_MAX_MASS )
	{
		TT_ERROR( "mass must be finite and within [TT_MIN_MASS, TT_MAX_MASS] (1e-9 to 1e15 kg), got %g",
		          (double)massData.mass );
		return ttResult_invalidArgument;
	}
	if ( ttIsBoundedVec3( massData.inertia, TT_MAX_INERTIA ) == false || massData.inertia.x < TT_MIN_INERTIA ||
	     massData.inertia.y < TT_MIN_INERTIA || massData.inertia.z < TT_MIN_INERTIA )
	{
		TT_ERROR( "inertia must be finite and within [TT_MIN_INERTIA, TT_MAX_INERTIA] (1e-21 to 1e30 kg m^2) "
		          "about every axis" );
		return ttResult_invalidArgument;
	}
	if ( ttIsBoundedVec3( massData.center, TT_MAX_POSITION ) == false || ttIsValidQuat( massData.rotation ) == false )
	{
		TT_ERROR( "center must be finite and within +-TT_MAX_POSITION (1e12 m), rotation a unit quaternion" );
		return ttResult_invalidArgument;
	}
	if ( body->type != ttBody_dynamic )
	{
		TT_ERROR( "only dynamic bodies have mass" );
		return ttResult_invalidState;
	}
	body->massOverridden = true;
	ttBody_SetMassProperties( body, massData.mass, massData.inertia );
	ttBody_SetPrincipalFrame( body, massData.center, ttQuatNormalize( massData.rotation ) );
	ttWakeBodyId( bodyId );
	return ttResult_ok;
}

ttResult ttBody_ApplyMassFromShapes( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	if ( body == NULL )
	{
		return ttResult_invalidId;
	}
	body->massOverridden = false;
	ttBody_UpdateMass( world, bodyId.index1 - 1 );
	ttWakeBodyId( bodyId );
	return ttResult_ok;
}

ttResult ttBody_SetGravityScale( ttBodyId bodyId, ttReal scale )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	if ( body == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsBoundedReal( scale, TT_MAX_GRAVITY_SCALE ) == false )
	{
		TT_ERROR( "scale must be finite and within +-TT_MAX_GRAVITY_SCALE (1e6)" );
		return ttResult_invalidArgument;
	}
	body->gravityScale = scale;
	ttWakeBodyId( bodyId );
	return ttResult_ok;
}

ttResult ttBody_SetDamping( ttBodyId bodyId, ttReal linearDamping, ttReal angularDamping )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	if ( body == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsValidReal( linearDamping ) == false || linearDamping < 0 || ttIsValidReal( angularDamping ) == false ||
	     angularDamping < 0 )
	{
		TT_ERROR( "damping must be finite and >= 0" );
		return ttResult_invalidArgument;
	}
	body->linearDamping = linearDamping;
	body->angularDamping = angularDamping;
	ttWakeBodyId( bodyId );
	return ttResult_ok;
}

bool ttBody_IsAwake( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL && body->awakeIndex >= 0;
}

ttResult ttBody_SetAwake( ttBodyId bodyId, bool awake )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	if ( body == NULL )
	{
		return ttResult_invalidId;
	}
	if ( awake )
	{
		ttIsland_WakeBody( world, bodyId.index1 - 1 );
	}
	else if ( ttIsland_SleepNow( world, bodyId.index1 - 1 ) == false )
	{
		TT_ERROR( "out of memory" );
		return ttResult_outOfMemory;
	}
	return ttResult_ok;
}

ttResult ttBody_EnableSleep( ttBodyId bodyId, bool flag )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	if ( body == NULL )
	{
		return ttResult_invalidId;
	}
	body->enableSleep = flag;
	if ( flag == false )
	{
		ttIsland_WakeBody( world, bodyId.index1 - 1 );
	}
	return ttResult_ok;
}

bool ttBody_IsSleepEnabled( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL && body->enableSleep;
}

void ttBody_SetPrincipalFrame( ttBody* body, ttVec3 localCenter, ttQuat principalRotation )
{
	ttQuat userQ = ttBody_UserRotation( body );
	ttVec3 oldCenter = ttBody_Center( body );
	ttVec3 userOrigin = ttSub( oldCenter, ttRotate( userQ, body->localCenter ) );
	ttVec3 newCenter = ttAdd( userOrigin, ttRotate( userQ, localCenter ) );
	// Keep the velocity field: the new centre moves with the old rigid motion.
	body->v = ttAdd( body->v, ttCross( body->w, ttSub( newCenter, oldCenter ) ) );
	body->localCenter = localCenter;
	body->principalRotation = principalRotation;
	body->origin = newCenter;
	body->delta = TT_VEC3_ZERO;
	body->prevDelta = TT_VEC3_ZERO;
	body->q = ttQuatMul( userQ, principalRotation );
	body->prevQ = body->q;
}

// Sum the shapes' mass properties in body coordinates (parallel axis theorem), then diagonalize
// the tensor: the solver needs the principal frame (paper section 3.3.2).
void ttBody_UpdateMass( ttWorld* world, int bodyIndex )
{
	ttBody* body = ttWorld_Body( world, bodyIndex );
	if ( body->type != ttBody_dynamic )
	{
		ttBody_SetMassProperties( body, 0, TT_VEC3_ZERO );
		ttBody_SetPrincipalFrame( body, TT_VEC3_ZERO, TT_QUAT_IDENTITY );
		body->v = body->type == ttBody_static ? TT_VEC3_ZERO : body->v;
		body->w = body->type == ttBody_static ? TT_VEC3_ZERO : body->w;
		return;
	}
	if ( body->massOverridden )
	{
		return;
	}

	ttReal totalMass = 0;
	ttVec3 weightedCenter = TT_VEC3_ZERO;
	for ( int s = body->shapeHead; s >= 0; s = ttWorld_Shape( world, s )->nextShape )
	{
		const ttShape* shape = ttWorld_Shape( world, s );
		ttMassData md = ttShape_ComputeMass( shape );
		totalMass += md.mass;
		weightedCenter = ttMulAdd( weightedCenter, md.mass, ttTransformPoint( shape->localTransform, md.center ) );
	}

	if ( totalMass <= 0 )
	{
		// A dynamic body without massive shapes behaves as a 1 kg solid sphere of radius 0.5 m
		// until the user gives it mass, so that it still responds sensibly.
		ttBody_SetMassProperties( body, 1, ( ttVec3 ){ (ttReal)0.1, (ttReal)0.1, (ttReal)0.1 } );
		ttBody_SetPrincipalFrame( body, TT_VEC3_ZERO, TT_QUAT_IDENTITY );
		return;
	}

	ttVec3 center = ttScale( 1 / totalMass, weightedCenter );
	ttMat3 tensor = { 0 };
	for ( int s = body->shapeHead; s >= 0; s = ttWorld_Shape( world, s )->nextShape )
	{
		const ttShape* shape = ttWorld_Shape( world, s );
		ttMassData md = ttShape_ComputeMass( shape );
		ttMat3 r = ttMat3FromQuat( ttQuatMul( shape->localTransform.q, md.rotation ) );
		ttMat3 local = ttMat3Mul( ttMat3Mul( r, ttMat3Diagonal( md.inertia ) ), ttMat3Transpose( r ) );
		ttVec3 d = ttSub( ttTransformPoint( shape->localTransform, md.center ), center );
		// Parallel axis: m (|d|^2 E - d d^T).
		ttMat3 shift = ttMat3Diagonal( ( ttVec3 ){ ttDot( d, d ), ttDot( d, d ), ttDot( d, d ) } );
		ttMat3 outer = { ttScale( d.x, d ), ttScale( d.y, d ), ttScale( d.z, d ) };
		shift = ttMat3Add( shift, ttMat3Scale( -1, outer ) );
		tensor = ttMat3Add( tensor, ttMat3Add( local, ttMat3Scale( md.mass, shift ) ) );
	}
	ttVec3 moments;
	ttQuat axes;
	ttMat3SymmetricEigen( tensor, &moments, &axes );
	ttBody_SetMassProperties( body, totalMass, moments );
	ttBody_SetPrincipalFrame( body, center, axes );
}
