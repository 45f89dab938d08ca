// SPDX-License-Identifier: MIT
// Contact geometry of particles: a particle is a sphere, so against a convex shape its contact is
// the GJK/EPA signed distance of a point core with its radius (gjk.h); against a plane the signed
// distance; against meshes and heightfields the nearest triangle. Particle pairs come from a
// spatial hash rebuilt each substep.
#include "core.h"
#include "gjk.h"
#include "mesh.h"
#include "particle.h"

#include <math.h>
#include <string.h>

typedef struct ttNearestTriangle
{
	const ttMeshData* mesh;
	ttVec3 point; ///< particle centre, shape coordinates
	ttReal bestDistanceSquared;
	ttVec3 closest, triangleNormal;
	bool found;
} ttNearestTriangle;

static bool ttVisitTriangle( int t, void* context )
{
	ttNearestTriangle* near = context;
	ttVec3 v[3];
	ttMesh_GetTriangle( near->mesh, t, v );
	ttVec3 q = ttTriangle_ClosestPoint( v, near->point );
	ttReal d2 = ttLengthSquared( ttSub( q, near->point ) );
	ttVec3 normal = ttCross( ttSub( v[1], v[0] ), ttSub( v[2], v[0] ) );
	if ( d2 < near->bestDistanceSquared && ttLengthSquared( normal ) > 0 )
	{
		near->bestDistanceSquared = d2;
		near->closest = q;
		near->triangleNormal = ttNormalize( normal );
		near->found = true;
	}
	return true;
}

// Meshes are thin shells (pushed away from the nearest triangle on either side); heightfields
// are solid below their surface.
static bool ttMeshContact( const ttShape* shape, ttTransform xf, ttVec3 center, ttReal reach, ttVec3* normal,
                           ttVec3* surfacePoint, ttReal* separation )
{
	ttNearestTriangle near = {
	    shape->mesh, ttInvTransformPoint( xf, center ), reach * reach, TT_VEC3_ZERO, TT_VEC3_ZERO, false };
	ttVec3 extent = { reach, reach, reach };
	ttAABB box = { ttSub( near.point, extent ), ttAdd( near.point, extent ) };
	ttMesh_Query( shape->mesh, box, ttVisitTriangle, &near );
	if ( near.found == false )
	{
		return false;
	}
	ttVec3 offset = ttSub( near.point, near.closest );
	ttReal distance = sqrt( near.bestDistanceSquared );
	bool behind = ttDot( offset, near.triangleNormal ) < 0;
	ttVec3 localNormal;
	if ( shape->mesh->oneSided && behind )
	{
		localNormal = near.triangleNormal;
		distance = -distance;
	}
	else if ( distance > (ttReal)1e-9 * ( 1 + shape->mesh->extent ) )
	{
		localNormal = ttScale( 1 / fabs( distance ), offset );
	}
	else
	{
		localNormal = near.triangleNormal;
	}
	*normal = ttRotate( xf.q, localNormal );
	*surfacePoint = ttTransformPoint( xf, near.closest );
	*separation = distance;
	return true;
}

bool ttParticle_ShapeContact( const ttShape* shape, ttTransform xf, ttVec3 center, ttReal radius, ttReal margin,
                              ttVec3* normal, ttVec3* surfacePoint )
{
	ttReal separation;
	if ( shape->type == ttShape_plane )
	{
		*normal = ttRotate( xf.q, shape->plane.normal );
		ttVec3 origin = ttTransformPoint( xf, ttScale( shape->plane.offset, shape->plane.normal ) );
		separation = ttDot( ttSub( center, origin ), *normal );
		*surfacePoint = ttMulAdd( center, -separation, *normal );
		return separation - radius <= margin;
	}
	if ( shape->type == ttShape_sphere )
	{
		ttReal distance;
		ttVec3 n = ttGetLengthAndNormalize( &distance, ttSub( center, xf.p ) );
		if ( distance == 0 )
		{
			n = ( ttVec3 ){ 0, 1, 0 };
		}
		*normal = n;
		*surfacePoint = ttMulAdd( xf.p, shape->sphere.radius, n );
		return distance - shape->sphere.radius - radius <= margin;
	}
	if ( ttShape_IsMesh( shape ) )
	{
		return ttMeshContact( shape, xf, center, radius + margin, normal, surfacePoint, &separation ) &&
		       separation - radius <= margin;
	}
	// Any other convex shape: the particle is a point core with its radius.
	ttShape point = { 0 };
	point.type = ttShape_sphere;
	point.sphere.radius = radius;
	ttConvexProxy a, b;
	if ( ttConvexProxy_Make( &a, shape, xf ) == false ||
	     ttConvexProxy_Make( &b, &point, ( ttTransform ){ center, TT_QUAT_IDENTITY } ) == false )
	{
		return false;
	}
	ttConvexContact contact;
	ttConvexContact_Compute( &a, &b, &contact );
	if ( contact.separation > margin || ttIsValidVec3( contact.normal ) == false ||
	     ttLengthSquared( contact.normal ) == 0 )
	{
		return false;
	}
	*normal = contact.normal;
	*surfacePoint = contact.pointA;
	return true;
}

// ---------------------------------------------------------------------------------------------
// Spatial hash: particles sorted into buckets by the hash of their cell (counting sort), cells
// twice the largest radius plus the margin wide, so that a pair in reach lies in neighbouring
// cells.

static int ttCellBucket( int ix, int iy, int iz, int bucketCount )
{
	uint32_t h = (uint32_t)ix * 92837111u ^ (uint32_t)iy * 689287499u ^ (uint32_t)iz * 283923481u;
	return (int)( h % (uint32_t)bucketCount );
}

static bool ttAddPairContact( ttParticleSet* set, int i, int j )
{
	if ( ttReserve( (void**)&set->contacts, &set->contactCapacity, set->contactCount + 1,
	                sizeof( ttParticleContact ) ) == false )
	{
		return false;
	}
	const ttParticle* a = ttParticleSet_Particle( set, i );
	const ttParticle* b = ttParticleSet_Particle( set, j );
	set->contacts[set->contactCount++] = ( ttParticleContact ){
	    .particle = i,
	    .other = j,
	    .body = -1,
	    .offset = a->radius + b->radius,
	    .staticFriction = ( a->staticFriction + b->staticFriction ) / 2,
	    .dynamicFriction = ( a->dynamicFriction + b->dynamicFriction ) / 2,
	};
	return true;
}

static bool ttPairCollides( const ttParticle* a, const ttParticle* b )
{
	if ( a->group != 0 && a->group == b->group )
	{
		return false;
	}
	return a->invMass > 0 || b->invMass > 0;
}

// A particle in the hash with its cell: a bucket may hold several cells, and a pair is taken
// only from its exact neighbour cell, so that each is found once.
typedef struct ttHashEntry
{
	int particle;
	int cx, cy, cz;
} ttHashEntry;

static ttHashEntry ttHashEntry_Make( int particle, ttVec3 x, ttReal invCell )
{
	return ( ttHashEntry ){ particle, (int)floor( x.x * invCell ), (int)floor( x.y * invCell ),
	                        (int)floor( x.z * invCell ) };
}

void ttParticles_FindPairs( ttParticleSet* set, ttReal margin )
{
	int slotCount = set->particles.count;
	ttReal maxRadius = 0;
	int colliding = 0;
	int firstGroup = 0;
	bool oneGroup = true;
	for ( int i = 0; i < slotCount; ++i )
	{
		const ttParticle* p = ttParticleSet_Particle( set, i );
		if ( set->particles.used[i] && p->collide )
		{
			maxRadius = p->radius > maxRadius ? p->radius : maxRadius;
			firstGroup = colliding == 0 ? p->group : firstGroup;
			oneGroup = oneGroup && p->group != 0 && p->group == firstGroup;
			++colliding;
		}
	}
	// Nothing to pair: fewer than two, or all of one group (a lone cloth or soft body).
	if ( colliding < 2 || oneGroup )
	{
		return;
	}
	int bucketCount = 2 * colliding;
	if ( ttReserve( (void**)&set->cellStart, &set->cellCapacity, bucketCount + 1, sizeof( int ) ) == false ||
	     ttReserve( (void**)&set->cellEntries, &set->entryCapacity, colliding, sizeof( ttHashEntry ) ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: particle pairs skipped this substep" );
		return;
	}
	ttReal invCell = 1 / ( 2 * maxRadius + margin );
	int* start = set->cellStart;
	ttHashEntry* entries = set->cellEntries;
	memset( start, 0, sizeof( int ) * (size_t)( bucketCount + 1 ) );
	for ( int i = 0; i < slotCount; ++i )
	{
		const ttParticle* p = ttParticleSet_Particle( set, i );
		if ( set->particles.used[i] && p->collide )
		{
			ttHashEntry e = ttHashEntry_Make( i, p->x, invCell );
			start[ttCellBucket( e.cx, e.cy, e.cz, bucketCount ) + 1] += 1;
		}
	}
	for ( int b = 0; b < bucketCount; ++b )
	{
		start[b + 1] += start[b];
	}
	// Fill in slot order; `start` is shifted back afterwards.
	for ( int i = 0; i < slotCount; ++i )
	{
		const ttParticle* p = ttParticleSet_Particle( set, i );
		if ( set->particles.used[i] && p->collide )
		{
			ttHashEntry e = ttHashEntry_Make( i, p->x, invCell );
			entries[start[ttCellBucket( e.cx, e.cy, e.cz, bucketCount )]++] = e;
		}
	}
	for ( int b = bucketCount; b > 0; --b )
	{
		start[b] = start[b - 1];
	}
	start[0] = 0;

	for ( int i = 0; i < slotCount; ++i )
	{
		const ttParticle* a = ttParticleSet_Particle( set, i );
		if ( set->particles.used[i] == false || a->collide == false )
		{
			continue;
		}
		ttHashEntry self = ttHashEntry_Make( i, a->x, invCell );
		for ( int neighbour = 0; neighbour < 27; ++neighbour )
		{
			int cx = self.cx + neighbour % 3 - 1, cy = self.cy + ( neighbour / 3 ) % 3 - 1,
			    cz = self.cz + neighbour / 9 - 1;
			int bucket = ttCellBucket( cx, cy, cz, bucketCount );
			for ( int e = start[bucket]; e < start[bucket + 1]; ++e )
			{
				const ttHashEntry* entry = entries + e;
				int j = entry->particle;
				if ( j <= i || entry->cx != cx || entry->cy != cy || entry->cz != cz )
				{
					continue;
				}
				const ttParticle* b = ttParticleSet_Particle( set, j );
				ttReal reach = a->radius + b->radius + margin;
				if ( ttPairCollides( a, b ) && ttLengthSquared( ttSub( a->x, b->x ) ) < reach * reach )
				{
					if ( ttAddPairContact( set, i, j ) == false )
					{
						ttReportError( "ttWorld_Step", "out of memory: particle pairs skipped this substep" );
						return;
					}
					a = ttParticleSet_Particle( set, i );
				}
			}
		}
	}
}
