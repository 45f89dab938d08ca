// SPDX-License-Identifier: MIT
// Bulk reads of body states and joint readouts into caller arrays (the Python package's numpy
// arrays). One call per array instead of one per body and field, and the layout is fixed by
// ttBodyState so that the caller can view the block as a (count, 13) array of reals.
#include "core.h"
#include "world.h"

#include "tether/tether.h"

// The layout promise of types.h: no padding, so n states are 13 n consecutive reals.
_Static_assert( sizeof( ttBodyState ) == 13 * sizeof( ttReal ), "ttBodyState must be 13 packed reals" );
_Static_assert( sizeof( ttJointForces ) == 6 * sizeof( ttReal ), "ttJointForces must be 6 packed reals" );

// The checks common to both reads: ok and the world, or the error (with a message).
static ttResult ttCheckBulkRead( const char* function, ttWorldId worldId, const void* ids, int count, const void* out,
                                 const char* idsName, const char* outName, ttWorld** worldOut )
{
	ttWorld* world = ttResolveWorld( function, worldId );
	if ( world == NULL )
	{
		// ttResolveWorld said which: a bad id, or a world inside its step.
		return ttGetWorld( worldId ) == NULL ? ttResult_invalidId : ttResult_invalidState;
	}
	if ( count < 0 )
	{
		ttReportError( function, "count must be >= 0, got %d", count );
		return ttResult_invalidArgument;
	}
	if ( count > 0 && ids == NULL )
	{
		ttReportError( function, "%s is NULL with count %d", idsName, count );
		return ttResult_invalidArgument;
	}
	if ( count > 0 && out == NULL )
	{
		ttReportError( function, "%s is NULL with count %d", outName, count );
		return ttResult_invalidArgument;
	}
	*worldOut = world;
	return ttResult_ok;
}

// Whether an id names a live object of this pool in this world; the world's hidden ground body
// is not one of the user's bodies.
static bool ttIsLiveIn( const ttWorld* world, const ttPool* pool, uint32_t world0, int32_t index1, uint32_t generation )
{
	int index = index1 - 1;
	if ( world0 != world->index || ttPool_IsLive( pool, index, generation ) == false )
	{
		return false;
	}
	return pool != &world->bodies || index != world->groundBody;
}

ttResult ttWorld_GetBodyStates( ttWorldId worldId, const ttBodyId* bodies, int count, ttBodyState* states )
{
	ttWorld* world = NULL;
	ttResult result = ttCheckBulkRead( __func__, worldId, bodies, count, states, "bodies", "states", &world );
	if ( result != ttResult_ok )
	{
		return result;
	}
	for ( int i = 0; i < count; ++i )
	{
		ttBodyId id = bodies[i];
		if ( ttIsLiveIn( world, &world->bodies, id.world0, id.index1, id.generation ) == false )
		{
			TT_ERROR( "bodies[%d] is not a body of this world (null, destroyed, stale or of another world)", i );
			return ttResult_invalidId;
		}
	}
	for ( int i = 0; i < count; ++i )
	{
		const ttBody* body = ttWorld_Body( world, bodies[i].index1 - 1 );
		ttTransform frame = ttBody_UserTransform( body );
		states[i] = ( ttBodyState ){ frame.p, frame.q, body->v, body->w };
	}
	return ttResult_ok;
}

ttResult ttWorld_GetJointForces( ttWorldId worldId, const ttJointId* joints, int count, ttJointForces* forces )
{
	ttWorld* world = NULL;
	ttResult result = ttCheckBulkRead( __func__, worldId, joints, count, forces, "joints", "forces", &world );
	if ( result != ttResult_ok )
	{
		return result;
	}
	for ( int i = 0; i < count; ++i )
	{
		ttJointId id = joints[i];
		if ( ttIsLiveIn( world, &world->joints, id.world0, id.index1, id.generation ) == false )
		{
			TT_ERROR( "joints[%d] is not a joint of this world (null, destroyed, stale or of another world)", i );
			return ttResult_invalidId;
		}
	}
	for ( int i = 0; i < count; ++i )
	{
		const ttJoint* joint = ttWorld_Joint( world, joints[i].index1 - 1 );
		forces[i] = ( ttJointForces ){ joint->force, joint->torque };
	}
	return ttResult_ok;
}
