// SPDX-License-Identifier: MIT
// Particles: the world's set, creation and destruction with generational ids, single and bulk
// reads. The set is made on the first particle so that worlds without particles are untouched.
#include "bounds.h"
#include "core.h"
#include "particle.h"
#include "world.h"

#include "tether/tether.h"

#include <string.h>

#define TT_PARTICLE_DEF_COOKIE 0x7e7e51

_Static_assert( sizeof( ttParticleState ) == 6 * sizeof( ttReal ), "ttParticleState must be 6 packed reals" );

ttParticleSet* ttParticles_Get( ttWorld* world )
{
	if ( world->particles != NULL )
	{
		return world->particles;
	}
	ttParticleSet* set = ttAlloc( sizeof( ttParticleSet ) );
	if ( set == NULL )
	{
		ttReportError( "ttCreateParticle", "out of memory" );
		return NULL;
	}
	memset( set, 0, sizeof( *set ) );
	uint32_t generationBase = world->generation * 4099u;
	ttPool_Create( &set->particles, sizeof( ttParticle ), generationBase );
	ttPool_Create( &set->constraints, sizeof( ttParticleConstraint ), generationBase );
	set->nextGroup = -1;
	world->particles = set;
	return set;
}

void ttParticles_Destroy( ttWorld* world )
{
	ttParticleSet* set = world->particles;
	if ( set == NULL )
	{
		return;
	}
	for ( int i = 0; i < set->constraints.count; ++i )
	{
		if ( set->constraints.used[i] )
		{
			ttParticleSet_RemoveConstraint( set, i );
		}
	}
	ttPool_Destroy( &set->particles );
	ttPool_Destroy( &set->constraints );
	ttFree( set->candidates );
	ttFree( set->contacts );
	ttFree( set->wake );
	ttFree( set->saved );
	ttFree( set->cellStart );
	ttFree( set->cellEntries );
	ttFree( set );
	world->particles = NULL;
}

void ttParticles_ForgetShapes( ttWorld* world )
{
	ttParticleSet* set = world->particles;
	if ( set == NULL )
	{
		return;
	}
	set->candidateCount = 0;
	set->contactCount = 0;
	for ( int i = 0; i < set->particles.count; ++i )
	{
		ttParticle* p = ttParticleSet_Particle( set, i );
		p->firstCandidate = 0;
		p->candidateCount = 0;
	}
}

void ttParticles_ForgetBody( ttWorld* world, int bodyIndex )
{
	ttParticleSet* set = world->particles;
	if ( set == NULL )
	{
		return;
	}
	for ( int i = 0; i < set->constraints.count; ++i )
	{
		if ( set->constraints.used[i] == false )
		{
			continue;
		}
		const ttParticleConstraint* c = ttParticleSet_Constraint( set, i );
		if ( c->type == ttParticleConstraint_attachment && c->body == bodyIndex )
		{
			ttParticleSet_RemoveConstraint( set, i );
		}
	}
	ttParticles_ForgetShapes( world );
}

ttParticleId ttMakeParticleId( const ttWorld* world, int index )
{
	return ( ttParticleId ){ index + 1, world->index, world->particles->particles.generations[index] };
}

ttParticleConstraintId ttMakeParticleConstraintId( const ttWorld* world, int index )
{
	return ( ttParticleConstraintId ){ index + 1, world->index, world->particles->constraints.generations[index] };
}

// The world of an id that names a live slot of `pool`, or NULL (with a message).
static ttWorld* ttResolveParticleWorld( const char* function, uint32_t world0, const char* what )
{
	ttWorld* world = ttGetWorldByIndex( world0 );
	if ( world == NULL )
	{
		ttReportError( function, "invalid %s id: its world does not exist", what );
		return NULL;
	}
	if ( world->locked )
	{
		ttReportError( function, "the world is locked inside ttWorld_Step" );
		return NULL;
	}
	if ( world->particles == NULL )
	{
		ttReportError( function, "invalid %s id (null, destroyed or stale)", what );
		return NULL;
	}
	return world;
}

ttParticle* ttResolveParticle( const char* function, ttParticleId id, ttWorld** worldOut )
{
	ttWorld* world = ttResolveParticleWorld( function, id.world0, "particle" );
	if ( world == NULL )
	{
		return NULL;
	}
	if ( ttPool_IsLive( &world->particles->particles, id.index1 - 1, id.generation ) == false )
	{
		ttReportError( function, "invalid particle id (null, destroyed or stale)" );
		return NULL;
	}
	*worldOut = world;
	return ttParticleSet_Particle( world->particles, id.index1 - 1 );
}

int ttParticleIndexIn( const char* function, ttWorld* world, ttParticleId id, const char* name )
{
	if ( world->particles == NULL || id.world0 != world->index ||
	     ttPool_IsLive( &world->particles->particles, id.index1 - 1, id.generation ) == false )
	{
		ttReportError( function, "%s is not a particle of this world (null, destroyed, stale or of another world)",
		               name );
		return -1;
	}
	return id.index1 - 1;
}

ttParticleConstraint* ttResolveParticleConstraint( const char* function, ttParticleConstraintId id, ttWorld** worldOut )
{
	ttWorld* world = ttResolveParticleWorld( function, id.world0, "particle constraint" );
	if ( world == NULL )
	{
		return NULL;
	}
	if ( ttPool_IsLive( &world->particles->constraints, id.index1 - 1, id.generation ) == false )
	{
		ttReportError( function, "invalid particle constraint id (null, destroyed or stale)" );
		return NULL;
	}
	*worldOut = world;
	return ttParticleSet_Constraint( world->particles, id.index1 - 1 );
}

ttParticleDef ttDefaultParticleDef( void )
{
	ttParticleDef def = { 0 };
	def.mass = 1;
	def.radius = (ttReal)0.05;
	def.staticFriction = (ttReal)0.5;
	def.dynamicFriction = (ttReal)0.4;
	def.gravityScale = 1;
	def.collide = true;
	def.internalValue = TT_PARTICLE_DEF_COOKIE;
	return def;
}

static bool ttIsValidMass( ttReal mass )
{
	return ttIsValidReal( mass ) && ( mass == 0 || ( mass >= TT_MIN_MASS && mass <= TT_MAX_MASS ) );
}

// The reason a def is refused, NULL when it is fine.
static const char* ttParticleDefProblem( const ttParticleDef* def )
{
	if ( def == NULL || def->internalValue != TT_PARTICLE_DEF_COOKIE )
	{
		return "def is NULL or was not initialised with ttDefaultParticleDef";
	}
	if ( ttIsBoundedVec3( def->position, TT_MAX_POSITION ) == false )
	{
		return "position must be finite and within +-TT_MAX_POSITION (1e12 m)";
	}
	if ( ttIsBoundedVec3( def->velocity, TT_MAX_SPEED ) == false )
	{
		return "velocity must be finite and within +-TT_MAX_SPEED (1e6 m/s)";
	}
	if ( ttIsValidMass( def->mass ) == false )
	{
		return "mass must be 0 (fixed) or within [TT_MIN_MASS, TT_MAX_MASS] (1e-9 to 1e15 kg); NaN, infinite "
		       "and negative masses are refused";
	}
	if ( ttIsValidReal( def->radius ) == false || def->radius < TT_MIN_SHAPE_SIZE || def->radius > TT_MAX_SHAPE_SIZE )
	{
		return "radius must be within [TT_MIN_SHAPE_SIZE, TT_MAX_SHAPE_SIZE] (1e-6 to 1e6 m)";
	}
	if ( ttIsValidReal( def->staticFriction ) == false || def->staticFriction < 0 ||
	     ttIsValidReal( def->dynamicFriction ) == false || def->dynamicFriction < 0 )
	{
		return "friction must be finite and >= 0";
	}
	if ( ttIsValidReal( def->damping ) == false || def->damping < 0 )
	{
		return "damping must be finite and >= 0";
	}
	if ( ttIsBoundedReal( def->gravityScale, TT_MAX_GRAVITY_SCALE ) == false )
	{
		return "gravityScale must be finite and within +-TT_MAX_GRAVITY_SCALE (1e6)";
	}
	return NULL;
}

bool ttParticleDef_Check( const char* function, const ttParticleDef* def )
{
	const char* problem = ttParticleDefProblem( def );
	if ( problem != NULL )
	{
		ttReportError( function, "%s", problem );
		return false;
	}
	return true;
}

// Add a checked particle; its index, -1 when memory runs out.
static int ttParticles_Add( ttWorld* world, const ttParticleDef* def )
{
	ttParticleSet* set = ttParticles_Get( world );
	if ( set == NULL )
	{
		return -1;
	}
	int index = ttPool_Alloc( &set->particles );
	if ( index < 0 )
	{
		return -1;
	}
	ttParticle* p = ttParticleSet_Particle( set, index );
	p->x = def->position;
	p->v = def->velocity;
	p->invMass = def->mass > 0 ? 1 / def->mass : 0;
	p->radius = def->radius;
	p->staticFriction = def->staticFriction;
	p->dynamicFriction = def->dynamicFriction;
	p->gravityScale = def->gravityScale;
	p->damping = def->damping;
	p->group = def->group;
	p->collide = def->collide;
	p->userData = def->userData;
	return index;
}

ttParticleId ttCreateParticle( ttWorldId worldId, const ttParticleDef* def )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL || ttParticleDef_Check( __func__, def ) == false )
	{
		return ttNullParticleId;
	}
	int index = ttParticles_Add( world, def );
	if ( index < 0 )
	{
		TT_ERROR( "out of memory" );
		return ttNullParticleId;
	}
	return ttMakeParticleId( world, index );
}

static bool ttConstraintUsesParticle( const ttParticleConstraint* c, int index )
{
	int count = 0;
	switch ( c->type )
	{
		case ttParticleConstraint_distance:
			count = 2;
			break;
		case ttParticleConstraint_area:
			count = 3;
			break;
		case ttParticleConstraint_bending:
		case ttParticleConstraint_volume:
			count = 4;
			break;
		case ttParticleConstraint_attachment:
			count = 1;
			break;
		case ttParticleConstraint_shapeMatch:
			for ( int i = 0; i < c->clusterCount; ++i )
			{
				if ( c->cluster[i] == index )
				{
					return true;
				}
			}
			return false;
	}
	for ( int i = 0; i < count; ++i )
	{
		if ( c->p[i] == index )
		{
			return true;
		}
	}
	return false;
}

void ttDestroyParticle( ttParticleId particleId )
{
	ttWorld* world;
	if ( ttResolveParticle( __func__, particleId, &world ) == NULL )
	{
		return;
	}
	ttParticleSet* set = world->particles;
	int index = particleId.index1 - 1;
	for ( int i = 0; i < set->constraints.count; ++i )
	{
		if ( set->constraints.used[i] && ttConstraintUsesParticle( ttParticleSet_Constraint( set, i ), index ) )
		{
			ttParticleSet_RemoveConstraint( set, i );
		}
	}
	set->contactCount = 0;
	ttPool_Free( &set->particles, index );
}

void ttParticleSet_RemoveConstraint( ttParticleSet* set, int index )
{
	ttParticleConstraint* c = ttParticleSet_Constraint( set, index );
	ttFree( c->cluster );
	ttFree( c->restOffsets );
	ttFree( c->lambdas );
	ttPool_Free( &set->constraints, index );
}

bool ttParticle_IsValid( ttParticleId particleId )
{
	ttWorld* world = ttGetWorldByIndex( particleId.world0 );
	return world != NULL && world->particles != NULL &&
	       ttPool_IsLive( &world->particles->particles, particleId.index1 - 1, particleId.generation );
}

ttVec3 ttParticle_GetPosition( ttParticleId particleId )
{
	ttWorld* world;
	ttParticle* p = ttResolveParticle( __func__, particleId, &world );
	return p != NULL ? p->x : TT_VEC3_ZERO;
}

ttVec3 ttParticle_GetVelocity( ttParticleId particleId )
{
	ttWorld* world;
	ttParticle* p = ttResolveParticle( __func__, particleId, &world );
	return p != NULL ? p->v : TT_VEC3_ZERO;
}

ttReal ttParticle_GetMass( ttParticleId particleId )
{
	ttWorld* world;
	ttParticle* p = ttResolveParticle( __func__, particleId, &world );
	return p != NULL && p->invMass > 0 ? 1 / p->invMass : 0;
}

ttReal ttParticle_GetRadius( ttParticleId particleId )
{
	ttWorld* world;
	ttParticle* p = ttResolveParticle( __func__, particleId, &world );
	return p != NULL ? p->radius : 0;
}

ttResult ttParticle_SetPosition( ttParticleId particleId, ttVec3 position )
{
	ttWorld* world;
	ttParticle* p = ttResolveParticle( __func__, particleId, &world );
	if ( p == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsBoundedVec3( position, TT_MAX_POSITION ) == false )
	{
		TT_ERROR( "position must be finite and within +-TT_MAX_POSITION (1e12 m)" );
		return ttResult_invalidArgument;
	}
	p->x = position;
	// The shapes near it were found for its old place.
	ttParticles_ForgetShapes( world );
	return ttResult_ok;
}

ttResult ttParticle_SetVelocity( ttParticleId particleId, ttVec3 velocity )
{
	ttWorld* world;
	ttParticle* p = ttResolveParticle( __func__, particleId, &world );
	if ( p == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsBoundedVec3( velocity, TT_MAX_SPEED ) == false )
	{
		TT_ERROR( "velocity must be finite and within +-TT_MAX_SPEED (1e6 m/s)" );
		return ttResult_invalidArgument;
	}
	p->v = velocity;
	return ttResult_ok;
}

ttResult ttParticle_SetMass( ttParticleId particleId, ttReal mass )
{
	ttWorld* world;
	ttParticle* p = ttResolveParticle( __func__, particleId, &world );
	if ( p == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsValidMass( mass ) == false )
	{
		TT_ERROR( "mass must be 0 (fixed) or within [TT_MIN_MASS, TT_MAX_MASS]; NaN, infinite and negative masses "
		          "are refused" );
		return ttResult_invalidArgument;
	}
	p->invMass = mass > 0 ? 1 / mass : 0;
	return ttResult_ok;
}

int ttWorld_GetParticleCount( ttWorldId worldId )
{
	ttWorld* world = ttGetWorld( worldId );
	if ( world == NULL )
	{
		TT_ERROR( "invalid world id" );
		return 0;
	}
	return world->particles != NULL ? world->particles->particles.liveCount : 0;
}

int ttWorld_GetParticles( ttWorldId worldId, ttParticleId* particles, int capacity )
{
	ttWorld* world = ttGetWorld( worldId );
	if ( world == NULL || ( capacity > 0 && particles == NULL ) )
	{
		TT_ERROR( "invalid world id, or particles is NULL with capacity %d", capacity );
		return 0;
	}
	ttParticleSet* set = world->particles;
	int written = 0;
	for ( int i = 0; set != NULL && i < set->particles.count && written < capacity; ++i )
	{
		if ( set->particles.used[i] )
		{
			particles[written++] = ttMakeParticleId( world, i );
		}
	}
	return written;
}

int ttWorld_GetParticleConstraintCount( ttWorldId worldId )
{
	ttWorld* world = ttGetWorld( worldId );
	if ( world == NULL )
	{
		TT_ERROR( "invalid world id" );
		return 0;
	}
	return world->particles != NULL ? world->particles->constraints.liveCount : 0;
}

// The checks of both bulk reads; every id is checked before anything is written.
static ttResult ttCheckParticleRead( const char* function, ttWorldId worldId, const ttParticleId* ids, int count,
                                     const void* out, ttWorld** worldOut )
{
	ttWorld* world = ttResolveWorld( function, worldId );
	if ( world == NULL )
	{
		return ttGetWorld( worldId ) == NULL ? ttResult_invalidId : ttResult_invalidState;
	}
	if ( count < 0 || ( count > 0 && ( ids == NULL || out == NULL ) ) )
	{
		ttReportError( function, "count must be >= 0 and the arrays non-NULL when count > 0 (count %d)", count );
		return ttResult_invalidArgument;
	}
	for ( int i = 0; i < count; ++i )
	{
		ttParticleId id = ids[i];
		if ( world->particles == NULL || id.world0 != world->index ||
		     ttPool_IsLive( &world->particles->particles, id.index1 - 1, id.generation ) == false )
		{
			ttReportError( function,
			               "particles[%d] is not a particle of this world (null, destroyed, stale or of another world)",
			               i );
			return ttResult_invalidId;
		}
	}
	*worldOut = world;
	return ttResult_ok;
}

ttResult ttWorld_GetParticleStates( ttWorldId worldId, const ttParticleId* particles, int count,
                                    ttParticleState* states )
{
	ttWorld* world = NULL;
	ttResult result = ttCheckParticleRead( __func__, worldId, particles, count, states, &world );
	for ( int i = 0; result == ttResult_ok && i < count; ++i )
	{
		const ttParticle* p = ttParticleSet_Particle( world->particles, particles[i].index1 - 1 );
		states[i] = ( ttParticleState ){ p->x, p->v };
	}
	return result;
}

ttResult ttWorld_GetParticlePositions( ttWorldId worldId, const ttParticleId* particles, int count, ttVec3* positions )
{
	ttWorld* world = NULL;
	ttResult result = ttCheckParticleRead( __func__, worldId, particles, count, positions, &world );
	for ( int i = 0; result == ttResult_ok && i < count; ++i )
	{
		positions[i] = ttParticleSet_Particle( world->particles, particles[i].index1 - 1 )->x;
	}
	return result;
}

ttParticleConstraintType ttParticleConstraint_GetType( ttParticleConstraintId constraintId )
{
	ttWorld* world;
	ttParticleConstraint* c = ttResolveParticleConstraint( __func__, constraintId, &world );
	return c != NULL ? c->type : ttParticleConstraint_distance;
}

bool ttParticleConstraint_IsValid( ttParticleConstraintId constraintId )
{
	ttWorld* world = ttGetWorldByIndex( constraintId.world0 );
	return world != NULL && world->particles != NULL &&
	       ttPool_IsLive( &world->particles->constraints, constraintId.index1 - 1, constraintId.generation );
}

void ttDestroyParticleConstraint( ttParticleConstraintId constraintId )
{
	ttWorld* world;
	if ( ttResolveParticleConstraint( __func__, constraintId, &world ) != NULL )
	{
		ttParticleSet_RemoveConstraint( world->particles, constraintId.index1 - 1 );
	}
}

ttReal ttParticleConstraint_GetLambda( ttParticleConstraintId constraintId )
{
	ttWorld* world;
	ttParticleConstraint* c = ttResolveParticleConstraint( __func__, constraintId, &world );
	return c != NULL ? c->lambda : 0;
}

ttReal ttParticleConstraint_GetForce( ttParticleConstraintId constraintId )
{
	ttWorld* world;
	ttParticleConstraint* c = ttResolveParticleConstraint( __func__, constraintId, &world );
	if ( c == NULL )
	{
		return 0;
	}
	// Magnitudes for the vector-valued ones; the sign convention of the header for the rest.
	if ( c->type == ttParticleConstraint_attachment || c->type == ttParticleConstraint_shapeMatch )
	{
		return c->lambda * world->step.invH2;
	}
	return -c->lambda * world->step.invH2;
}

ttVec3 ttParticleAttachment_GetBodyForce( ttParticleConstraintId constraintId )
{
	ttWorld* world;
	ttParticleConstraint* c = ttResolveParticleConstraint( __func__, constraintId, &world );
	return c != NULL && c->type == ttParticleConstraint_attachment ? c->bodyForce : TT_VEC3_ZERO;
}
