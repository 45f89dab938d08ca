// SPDX-License-Identifier: MIT
// The rest states of particle constraints, read and replaced: a rest pose other than the one the
// particles had when the constraint was made, and the exact rest state of a saved world
// (world_save.c writes them, the scene loader restores them bit for bit).
#include "bounds.h"
#include "core.h"
#include "particle.h"
#include "world.h"

#include "tether/tether.h"

static bool ttHasRestValue( ttParticleConstraintType type )
{
	return type == ttParticleConstraint_distance || type == ttParticleConstraint_bending ||
	       type == ttParticleConstraint_volume || type == ttParticleConstraint_area;
}

ttReal ttParticleConstraint_GetRest( ttParticleConstraintId constraintId )
{
	ttWorld* world;
	ttParticleConstraint* c = ttResolveParticleConstraint( __func__, constraintId, &world );
	if ( c == NULL )
	{
		return 0;
	}
	if ( ttHasRestValue( c->type ) == false )
	{
		TT_ERROR( "only distance, bending, volume and area constraints have a rest value" );
		return 0;
	}
	return c->rest;
}

// The reason a rest value is refused for this type, NULL when it is fine.
static const char* ttRestProblem( ttParticleConstraintType type, ttReal rest )
{
	if ( ttIsValidReal( rest ) == false )
	{
		return "rest must be finite";
	}
	switch ( type )
	{
		case ttParticleConstraint_distance:
			return rest >= 0 && rest <= TT_MAX_POSITION ? NULL : "a rest length must lie in [0, TT_MAX_POSITION] m";
		case ttParticleConstraint_bending:
			return rest >= -TT_PI && rest <= TT_PI ? NULL : "a rest angle must lie in [-pi, pi]";
		case ttParticleConstraint_volume:
			return rest != 0 ? NULL : "a rest volume must not be 0 (its sign is the tetrahedron's orientation)";
		case ttParticleConstraint_area:
			return rest > 0 ? NULL : "a rest area must be > 0";
		default:
			return "only distance, bending, volume and area constraints have a rest value";
	}
}

ttResult ttParticleConstraint_SetRest( ttParticleConstraintId constraintId, ttReal rest )
{
	ttWorld* world;
	ttParticleConstraint* c = ttResolveParticleConstraint( __func__, constraintId, &world );
	if ( c == NULL )
	{
		return ttResult_invalidId;
	}
	const char* problem = ttRestProblem( c->type, rest );
	if ( problem != NULL )
	{
		TT_ERROR( "%s", problem );
		return ttResult_invalidArgument;
	}
	c->rest = rest;
	return ttResult_ok;
}

int ttParticleShapeMatch_GetRestShape( ttParticleConstraintId constraintId, ttVec3* offsets, int capacity,
                                       ttQuat* rotation )
{
	ttWorld* world;
	ttParticleConstraint* c = ttResolveParticleConstraint( __func__, constraintId, &world );
	if ( c == NULL )
	{
		return -1;
	}
	if ( c->type != ttParticleConstraint_shapeMatch )
	{
		TT_ERROR( "the constraint is not a shape match" );
		return -1;
	}
	if ( offsets != NULL && capacity < c->clusterCount )
	{
		TT_ERROR( "capacity %d is less than the %d particles of the shape match", capacity, c->clusterCount );
		return -1;
	}
	for ( int i = 0; offsets != NULL && i < c->clusterCount; ++i )
	{
		offsets[i] = c->restOffsets[i];
	}
	if ( rotation != NULL )
	{
		*rotation = c->rotation;
	}
	return c->clusterCount;
}

ttResult ttParticleShapeMatch_SetRestShape( ttParticleConstraintId constraintId, const ttVec3* offsets, int count,
                                            ttQuat rotation )
{
	ttWorld* world;
	ttParticleConstraint* c = ttResolveParticleConstraint( __func__, constraintId, &world );
	if ( c == NULL )
	{
		return ttResult_invalidId;
	}
	if ( c->type != ttParticleConstraint_shapeMatch )
	{
		TT_ERROR( "the constraint is not a shape match" );
		return ttResult_invalidArgument;
	}
	if ( offsets == NULL || count != c->clusterCount )
	{
		TT_ERROR( "offsets must hold the shape match's %d particles (given %d%s)", c->clusterCount, count,
		          offsets == NULL ? ", NULL" : "" );
		return ttResult_invalidArgument;
	}
	ttReal spread = 0;
	for ( int i = 0; i < count; ++i )
	{
		if ( ttIsBoundedVec3( offsets[i], TT_MAX_POSITION ) == false )
		{
			TT_ERROR( "offsets[%d] must be finite and within +-TT_MAX_POSITION", i );
			return ttResult_invalidArgument;
		}
		spread += ttLengthSquared( offsets[i] );
	}
	if ( spread == 0 )
	{
		TT_ERROR( "the offsets are all zero: no rest shape" );
		return ttResult_invalidArgument;
	}
	if ( ttIsValidQuat( rotation ) == false )
	{
		TT_ERROR( "rotation must be a finite unit quaternion" );
		return ttResult_invalidArgument;
	}
	for ( int i = 0; i < count; ++i )
	{
		c->restOffsets[i] = offsets[i];
	}
	c->rotation = rotation;
	return ttResult_ok;
}
