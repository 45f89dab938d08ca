// SPDX-License-Identifier: MIT
// Creation of the particle constraints: every id and number checked, the rest value taken from
// the particles' current positions, nothing changed on failure.
#include "bounds.h"
#include "core.h"
#include "particle.h"
#include "world.h"

#include "tether/tether.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/// The world for a constraint creation, with its particle set; NULL (and a message) otherwise.
static ttWorld* ttConstraintWorld( const char* function, ttWorldId worldId, ttReal compliance )
{
	ttWorld* world = ttResolveWorld( function, worldId );
	if ( world == NULL )
	{
		return NULL;
	}
	if ( ttIsValidReal( compliance ) == false || compliance < 0 )
	{
		ttReportError( function, "compliance must be finite and >= 0 (m/N, 0: rigid)" );
		return NULL;
	}
	return world;
}

// Resolve `count` ids to indices (all distinct); false with a message naming the first bad one.
static bool ttResolveParticleList( const char* function, ttWorld* world, const ttParticleId* ids, int count,
                                   int* indices )
{
	for ( int i = 0; i < count; ++i )
	{
		char name[32];
		snprintf( name, sizeof( name ), "particles[%d]", i );
		indices[i] = ttParticleIndexIn( function, world, ids[i], name );
		if ( indices[i] < 0 )
		{
			return false;
		}
		for ( int j = 0; j < i; ++j )
		{
			if ( indices[j] == indices[i] )
			{
				ttReportError( function, "particles[%d] and particles[%d] are the same particle", j, i );
				return false;
			}
		}
	}
	return true;
}

/// A new constraint slot with its type, particles and compliance; -1 when memory runs out.
static int ttAddConstraint( const char* function, ttWorld* world, ttParticleConstraintType type, const int* indices,
                            int count, ttReal rest, ttReal compliance )
{
	ttParticleSet* set = world->particles;
	int index = ttPool_Alloc( &set->constraints );
	if ( index < 0 )
	{
		ttReportError( function, "out of memory" );
		return -1;
	}
	ttParticleConstraint* c = ttParticleSet_Constraint( set, index );
	c->type = type;
	for ( int i = 0; i < count; ++i )
	{
		c->p[i] = indices[i];
	}
	c->body = -1;
	c->rest = rest;
	c->compliance = compliance;
	c->rotation = TT_QUAT_IDENTITY;
	return index;
}

static ttVec3 ttParticlePosition( ttWorld* world, int index )
{
	return ttParticleSet_Particle( world->particles, index )->x;
}

ttParticleConstraintId ttCreateParticleDistance( ttWorldId worldId, ttParticleId a, ttParticleId b, ttReal restLength,
                                                 ttReal compliance )
{
	ttWorld* world = ttConstraintWorld( __func__, worldId, compliance );
	ttParticleId ids[2] = { a, b };
	int indices[2];
	if ( world == NULL || ttResolveParticleList( __func__, world, ids, 2, indices ) == false )
	{
		return ttNullParticleConstraintId;
	}
	if ( ttIsValidReal( restLength ) == false || restLength > TT_MAX_POSITION )
	{
		TT_ERROR( "restLength must be finite (< 0 takes the current distance)" );
		return ttNullParticleConstraintId;
	}
	if ( restLength < 0 )
	{
		restLength =
		    ttLength( ttSub( ttParticlePosition( world, indices[1] ), ttParticlePosition( world, indices[0] ) ) );
	}
	int index = ttAddConstraint( __func__, world, ttParticleConstraint_distance, indices, 2, restLength, compliance );
	return index < 0 ? ttNullParticleConstraintId : ttMakeParticleConstraintId( world, index );
}

ttParticleConstraintId ttCreateParticleBending( ttWorldId worldId, const ttParticleId p[4], ttReal compliance )
{
	ttWorld* world = ttConstraintWorld( __func__, worldId, compliance );
	int indices[4];
	if ( world == NULL || p == NULL || ttResolveParticleList( __func__, world, p, 4, indices ) == false )
	{
		if ( world != NULL && p == NULL )
		{
			TT_ERROR( "p is NULL" );
		}
		return ttNullParticleConstraintId;
	}
	ttVec3 x[4], g[4];
	for ( int i = 0; i < 4; ++i )
	{
		x[i] = ttParticlePosition( world, indices[i] );
	}
	ttReal angle;
	if ( ttDihedralAngle( x, &angle, g ) == false )
	{
		TT_ERROR( "degenerate triangles: (p0, p1, p2) or (p1, p0, p3) has no area" );
		return ttNullParticleConstraintId;
	}
	int index = ttAddConstraint( __func__, world, ttParticleConstraint_bending, indices, 4, angle, compliance );
	return index < 0 ? ttNullParticleConstraintId : ttMakeParticleConstraintId( world, index );
}

bool ttIsDegenerateTetrahedron( const ttVec3 x[4], ttReal* volume )
{
	*volume = ttTetrahedronVolume( x, NULL );
	ttReal longest = 0;
	for ( int i = 0; i < 4; ++i )
	{
		for ( int j = i + 1; j < 4; ++j )
		{
			ttReal length = ttLength( ttSub( x[j], x[i] ) );
			longest = length > longest ? length : longest;
		}
	}
	return fabs( *volume ) <= (ttReal)1e-6 * longest * longest * longest || longest == 0;
}

ttParticleConstraintId ttCreateParticleVolume( ttWorldId worldId, const ttParticleId p[4], ttReal compliance )
{
	ttWorld* world = ttConstraintWorld( __func__, worldId, compliance );
	int indices[4];
	if ( world == NULL || p == NULL || ttResolveParticleList( __func__, world, p, 4, indices ) == false )
	{
		if ( world != NULL && p == NULL )
		{
			TT_ERROR( "p is NULL" );
		}
		return ttNullParticleConstraintId;
	}
	ttVec3 x[4];
	for ( int i = 0; i < 4; ++i )
	{
		x[i] = ttParticlePosition( world, indices[i] );
	}
	ttReal volume;
	if ( ttIsDegenerateTetrahedron( x, &volume ) )
	{
		TT_ERROR( "degenerate tetrahedron: volume %g is below 1e-6 of its longest edge cubed", (double)volume );
		return ttNullParticleConstraintId;
	}
	int index = ttAddConstraint( __func__, world, ttParticleConstraint_volume, indices, 4, volume, compliance );
	return index < 0 ? ttNullParticleConstraintId : ttMakeParticleConstraintId( world, index );
}

ttParticleConstraintId ttCreateParticleArea( ttWorldId worldId, const ttParticleId p[3], ttReal compliance )
{
	ttWorld* world = ttConstraintWorld( __func__, worldId, compliance );
	int indices[3];
	if ( world == NULL || p == NULL || ttResolveParticleList( __func__, world, p, 3, indices ) == false )
	{
		if ( world != NULL && p == NULL )
		{
			TT_ERROR( "p is NULL" );
		}
		return ttNullParticleConstraintId;
	}
	ttVec3 x[3];
	for ( int i = 0; i < 3; ++i )
	{
		x[i] = ttParticlePosition( world, indices[i] );
	}
	ttReal area = ttTriangleArea( x, NULL );
	ttReal edge = ttLength( ttSub( x[1], x[0] ) ) + ttLength( ttSub( x[2], x[0] ) );
	if ( area <= (ttReal)1e-6 * edge * edge )
	{
		TT_ERROR( "degenerate triangle: area %g", (double)area );
		return ttNullParticleConstraintId;
	}
	int index = ttAddConstraint( __func__, world, ttParticleConstraint_area, indices, 3, area, compliance );
	return index < 0 ? ttNullParticleConstraintId : ttMakeParticleConstraintId( world, index );
}

ttParticleConstraintId ttCreateParticleShapeMatch( ttWorldId worldId, const ttParticleId* particles, int count,
                                                   ttReal compliance )
{
	ttWorld* world = ttConstraintWorld( __func__, worldId, compliance );
	if ( world == NULL )
	{
		return ttNullParticleConstraintId;
	}
	if ( count < 2 || particles == NULL )
	{
		TT_ERROR( "shape matching needs at least 2 particles (count %d, particles %s)", count,
		          particles == NULL ? "NULL" : "given" );
		return ttNullParticleConstraintId;
	}
	int* cluster = ttAlloc( sizeof( int ) * (size_t)count );
	ttVec3* rest = ttAlloc( sizeof( ttVec3 ) * (size_t)count );
	ttReal* lambdas = ttAlloc( sizeof( ttReal ) * (size_t)count );
	bool ok = cluster != NULL && rest != NULL && lambdas != NULL;
	if ( ok == false )
	{
		TT_ERROR( "out of memory" );
	}
	// Ids are checked for liveness only: a particle listed twice is harmless (pulled twice).
	for ( int i = 0; ok && i < count; ++i )
	{
		char name[32];
		snprintf( name, sizeof( name ), "particles[%d]", i );
		cluster[i] = ttParticleIndexIn( __func__, world, particles[i], name );
		ok = cluster[i] >= 0;
	}
	ttReal totalMass = 0;
	ttVec3 center = TT_VEC3_ZERO;
	for ( int i = 0; ok && i < count; ++i )
	{
		const ttParticle* p = ttParticleSet_Particle( world->particles, cluster[i] );
		ttReal mass = p->invMass > 0 ? 1 / p->invMass : (ttReal)1e6;
		totalMass += mass;
		center = ttMulAdd( center, mass, p->x );
	}
	ttReal spread = 0;
	for ( int i = 0; ok && i < count; ++i )
	{
		rest[i] = ttSub( ttParticlePosition( world, cluster[i] ), ttScale( 1 / totalMass, center ) );
		lambdas[i] = 0;
		spread += ttLengthSquared( rest[i] );
	}
	if ( ok && spread == 0 )
	{
		TT_ERROR( "the particles all lie at one point: no rest shape" );
		ok = false;
	}
	int index = ok ? ttAddConstraint( __func__, world, ttParticleConstraint_shapeMatch, NULL, 0, 0, compliance ) : -1;
	if ( index < 0 )
	{
		ttFree( cluster );
		ttFree( rest );
		ttFree( lambdas );
		return ttNullParticleConstraintId;
	}
	ttParticleConstraint* c = ttParticleSet_Constraint( world->particles, index );
	c->cluster = cluster;
	c->restOffsets = rest;
	c->lambdas = lambdas;
	c->clusterCount = count;
	return ttMakeParticleConstraintId( world, index );
}

ttParticleConstraintId ttCreateParticleAttachment( ttWorldId worldId, ttParticleId particle, ttBodyId body,
                                                   ttVec3 localPoint, ttReal compliance )
{
	ttWorld* world = ttConstraintWorld( __func__, worldId, compliance );
	int index = -1;
	if ( world == NULL || ttResolveParticleList( __func__, world, &particle, 1, &index ) == false )
	{
		return ttNullParticleConstraintId;
	}
	ttWorld* bodyWorld = NULL;
	if ( ttResolveBody( __func__, body, &bodyWorld ) == NULL )
	{
		return ttNullParticleConstraintId;
	}
	if ( bodyWorld != world )
	{
		TT_ERROR( "body belongs to another world" );
		return ttNullParticleConstraintId;
	}
	if ( ttIsBoundedVec3( localPoint, TT_MAX_POSITION ) == false )
	{
		TT_ERROR( "localPoint must be finite and within +-TT_MAX_POSITION" );
		return ttNullParticleConstraintId;
	}
	int c = ttAddConstraint( __func__, world, ttParticleConstraint_attachment, &index, 1, 0, compliance );
	if ( c < 0 )
	{
		return ttNullParticleConstraintId;
	}
	ttParticleConstraint* constraint = ttParticleSet_Constraint( world->particles, c );
	constraint->body = body.index1 - 1;
	constraint->local = localPoint;
	return ttMakeParticleConstraintId( world, c );
}
