// SPDX-License-Identifier: MIT
// The step guard (step_guard.h). The input limits of base.h keep a step's arithmetic in range for
// every scene built through the API, but the solver is not proven never to produce NaN (a
// degenerate joint frame, a pile of bodies with extreme mass ratios), and a NaN spreads through
// contacts and joints to every body it touches within a few steps. Catching it at the end of the
// step where it appeared, and undoing that step, gives the caller a finite world and a message
// instead of a world that silently fills with NaN.
#include "step_guard.h"

#include "body.h"
#include "contact.h"
#include "core.h"
#include "island.h"
#include "world.h"

#include <string.h>

/// What the step changes in a body and what a failed step puts back. Sleep state and the lists
/// (shapes, joint edges, awake list) are not restored: they stay consistent on their own.
typedef struct ttSavedBody
{
	int index;
	ttVec3 origin, delta;
	ttQuat q;
	ttVec3 v, w;
	ttVec3 force, torque;
	bool hasKinematicTarget;
	ttReal sleepTime;
} ttSavedBody;

// Which part of a body's state is not finite; NULL when all of it is.
static const char* ttNonFinitePart( const ttBody* body )
{
	if ( ttIsValidVec3( body->origin ) == false || ttIsValidVec3( body->delta ) == false )
	{
		return "position";
	}
	if ( ttIsValidReal( body->q.x ) == false || ttIsValidReal( body->q.y ) == false ||
	     ttIsValidReal( body->q.z ) == false || ttIsValidReal( body->q.w ) == false )
	{
		return "rotation";
	}
	if ( ttIsValidVec3( body->v ) == false )
	{
		return "linear velocity";
	}
	if ( ttIsValidVec3( body->w ) == false )
	{
		return "angular velocity";
	}
	return NULL;
}

bool ttStepGuard_Save( ttWorld* world )
{
	world->savedBodyCount = 0;
	if ( ttReserve( (void**)&world->savedBodies, &world->savedBodyCapacity, world->movableBodyCount,
	                sizeof( ttSavedBody ) ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory saving %d body states for the step guard",
		               world->movableBodyCount );
		return false;
	}
	// Every movable body, not only the awake ones: the step may wake sleeping islands and move them.
	for ( int i = 0; i < world->bodies.count && world->savedBodyCount < world->movableBodyCount; ++i )
	{
		if ( world->bodies.used[i] == false )
		{
			continue;
		}
		const ttBody* body = ttWorld_Body( world, i );
		if ( body->type == ttBody_static )
		{
			continue;
		}
		world->savedBodies[world->savedBodyCount++] = ( ttSavedBody ){ i,
		                                                               body->origin,
		                                                               body->delta,
		                                                               body->q,
		                                                               body->v,
		                                                               body->w,
		                                                               body->force,
		                                                               body->torque,
		                                                               body->hasKinematicTarget,
		                                                               body->sleepTime };
	}
	return true;
}

// Zero the impulses a NaN may have reached: they only warm-start the next step and would carry
// the NaN into it.
static void ttClearImpulses( ttManifold* manifolds, int count )
{
	for ( int m = 0; m < count; ++m )
	{
		for ( int p = 0; p < manifolds[m].pointCount; ++p )
		{
			manifolds[m].points[p].normalImpulse = 0;
			manifolds[m].points[p].tangentImpulse = TT_VEC3_ZERO;
		}
	}
}

ttResult ttStepGuard_Check( ttWorld* world, bool othersFailed )
{
	int bad = 0;
	for ( int k = 0; k < world->savedBodyCount; ++k )
	{
		int index = world->savedBodies[k].index;
		const ttBody* body = ttWorld_Body( world, index );
		const char* part = ttNonFinitePart( body );
		if ( part == NULL )
		{
			continue;
		}
		bad += 1;
		if ( bad <= 3 ) // the first few name the bodies; the rest only count
		{
			ttReportError( "ttWorld_Step", "body %d ('%s') has a non-finite %s after the step", index + 1, body->name,
			               part );
		}
	}
	if ( bad == 0 && othersFailed == false )
	{
		return ttResult_ok;
	}
	for ( int k = 0; k < world->savedBodyCount; ++k )
	{
		const ttSavedBody* saved = world->savedBodies + k;
		ttBody* body = ttWorld_Body( world, saved->index );
		body->origin = saved->origin;
		body->delta = saved->delta;
		body->prevDelta = saved->delta;
		body->q = saved->q;
		body->prevQ = saved->q;
		body->v = saved->v;
		body->w = saved->w;
		body->force = saved->force;
		body->torque = saved->torque;
		body->hasKinematicTarget = saved->hasKinematicTarget;
		body->sleepTime = saved->sleepTime;
		// An island that fell asleep in the failed step had its velocities zeroed; with the
		// velocities back it must be awake.
		if ( ttBody_IsSleeping( body ) )
		{
			ttIsland_WakeBody( world, saved->index );
		}
	}
	ttClearImpulses( world->manifolds, world->manifoldCount );
	ttClearImpulses( world->previousManifolds, world->previousManifoldCount );
	ttClearImpulses( world->sleepingManifolds, world->sleepingManifoldCount );
	// The velocity-level joints warm-start from their impulses: a failed step's may be non-finite.
	for ( int i = 0; i < world->joints.count; ++i )
	{
		if ( world->joints.used[i] )
		{
			ttJoint* joint = ttWorld_Joint( world, i );
			memset( joint->siImpulse, 0, sizeof( joint->siImpulse ) );
		}
	}
	if ( bad == 0 )
	{
		ttReportError( "ttWorld_Step", "particles were non-finite: the step was undone (bodies and particles put "
		                               "back as before it)" );
	}
	else
	{
		ttReportError( "ttWorld_Step", "%d bod%s non-finite: the step was undone (bodies put back as before it)", bad,
		               bad == 1 ? "y was" : "ies were" );
	}
	return ttResult_stepFailed;
}

void ttStepGuard_Destroy( ttWorld* world )
{
	ttFree( world->savedBodies );
	world->savedBodies = NULL;
	world->savedBodyCount = 0;
	world->savedBodyCapacity = 0;
}
