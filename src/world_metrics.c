// SPDX-License-Identifier: MIT
// Whole-world physical quantities for tests and metrics: energy and momentum.
#include "core.h"
#include "world.h"

#include "tether/tether.h"

static ttWorld* ttMetricsWorld( const char* function, ttWorldId worldId )
{
	ttWorld* world = ttGetWorld( worldId );
	if ( world == NULL )
	{
		ttReportError( function, "invalid world id" );
	}
	return world;
}

ttReal ttWorld_GetKineticEnergy( ttWorldId worldId )
{
	ttWorld* world = ttMetricsWorld( __func__, worldId );
	ttReal energy = 0;
	for ( int i = 0; world != NULL && i < world->bodies.count; ++i )
	{
		const ttBody* body = ttWorld_Body( world, i );
		if ( world->bodies.used[i] == false || body->type != ttBody_dynamic )
		{
			continue;
		}
		ttVec3 wb = ttInvRotate( body->q, body->w );
		energy += (ttReal)0.5 * body->mass * ttDot( body->v, body->v );
		if ( body->fixedRotation == false )
		{
			energy += (ttReal)0.5 * ttDot( wb, ttMulComponents( body->inertia, wb ) );
		}
	}
	return energy;
}

ttReal ttWorld_GetPotentialEnergy( ttWorldId worldId )
{
	ttWorld* world = ttMetricsWorld( __func__, worldId );
	ttReal energy = 0;
	for ( int i = 0; world != NULL && i < world->bodies.count; ++i )
	{
		const ttBody* body = ttWorld_Body( world, i );
		if ( world->bodies.used[i] == false || body->type != ttBody_dynamic )
		{
			continue;
		}
		energy -= body->mass * body->gravityScale * ttDot( world->gravity, ttBody_Center( body ) );
	}
	return energy;
}

ttVec3 ttWorld_GetLinearMomentum( ttWorldId worldId )
{
	ttWorld* world = ttMetricsWorld( __func__, worldId );
	ttVec3 momentum = TT_VEC3_ZERO;
	for ( int i = 0; world != NULL && i < world->bodies.count; ++i )
	{
		const ttBody* body = ttWorld_Body( world, i );
		if ( world->bodies.used[i] && body->type == ttBody_dynamic )
		{
			momentum = ttMulAdd( momentum, body->mass, body->v );
		}
	}
	return momentum;
}

ttVec3 ttWorld_GetAngularMomentum( ttWorldId worldId )
{
	ttWorld* world = ttMetricsWorld( __func__, worldId );
	ttVec3 momentum = TT_VEC3_ZERO;
	for ( int i = 0; world != NULL && i < world->bodies.count; ++i )
	{
		const ttBody* body = ttWorld_Body( world, i );
		if ( world->bodies.used[i] == false || body->type != ttBody_dynamic )
		{
			continue;
		}
		ttVec3 center = ttBody_Center( body );
		momentum = ttAdd( momentum, ttScale( body->mass, ttCross( center, body->v ) ) );
		if ( body->fixedRotation == false )
		{
			ttVec3 wb = ttInvRotate( body->q, body->w );
			momentum = ttAdd( momentum, ttRotate( body->q, ttMulComponents( body->inertia, wb ) ) );
		}
	}
	return momentum;
}
