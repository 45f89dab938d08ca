// SPDX-License-Identifier: MIT
// The step guard for particles (step_guard.h has the bodies'): the particles' positions and
// velocities are saved before the step; if any is non-finite after it, the step is undone for
// the particles and the bodies alike (the two push each other, so neither alone is consistent).
#include "core.h"
#include "particle.h"
#include "world.h"

typedef struct ttSavedParticle
{
	ttVec3 x, v;
} ttSavedParticle;

bool ttParticleGuard_Save( ttWorld* world )
{
	ttParticleSet* set = world->particles;
	if ( set == NULL )
	{
		return true;
	}
	if ( ttReserve( (void**)&set->saved, &set->savedCapacity, set->particles.count, sizeof( ttSavedParticle ) ) ==
	     false )
	{
		ttReportError( "ttWorld_Step", "out of memory saving %d particle states for the step guard",
		               set->particles.count );
		return false;
	}
	ttSavedParticle* saved = set->saved;
	for ( int i = 0; i < set->particles.count; ++i )
	{
		const ttParticle* p = ttParticleSet_Particle( set, i );
		saved[i] = ( ttSavedParticle ){ p->x, p->v };
	}
	return true;
}

int ttParticleGuard_Check( ttWorld* world )
{
	ttParticleSet* set = world->particles;
	int bad = 0;
	for ( int i = 0; set != NULL && i < set->particles.count; ++i )
	{
		const ttParticle* p = ttParticleSet_Particle( set, i );
		if ( set->particles.used[i] && ( ttIsValidVec3( p->x ) == false || ttIsValidVec3( p->v ) == false ) )
		{
			bad += 1;
			if ( bad <= 3 ) // the first few name the particles; the rest only count
			{
				ttReportError( "ttWorld_Step", "particle %d has a non-finite %s after the step", i + 1,
				               ttIsValidVec3( p->x ) ? "velocity" : "position" );
			}
		}
	}
	return bad;
}

void ttParticleGuard_Restore( ttWorld* world )
{
	ttParticleSet* set = world->particles;
	if ( set == NULL )
	{
		return;
	}
	const ttSavedParticle* saved = set->saved;
	for ( int i = 0; i < set->particles.count; ++i )
	{
		ttParticle* p = ttParticleSet_Particle( set, i );
		p->x = saved[i].x;
		p->v = saved[i].v;
		p->move = TT_VEC3_ZERO;
	}
	// Multipliers of the failed step may be non-finite; they are only read back, but should not
	// report NaN forces.
	for ( int i = 0; i < set->constraints.count; ++i )
	{
		if ( set->constraints.used[i] )
		{
			ttParticleConstraint* c = ttParticleSet_Constraint( set, i );
			ttParticleConstraint_Reset( c );
			c->bodyForce = TT_VEC3_ZERO;
		}
	}
	set->contactCount = 0;
}
