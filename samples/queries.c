// SPDX-License-Identifier: MIT
// Sample 4, queries: a ray cast, a box overlap and a closest-point search on a small scene whose
// answers are known from its geometry; exit 0 when each answer is right.
#include "tether/tether.h"

#include <math.h>
#include <stdio.h>

static bool CountShape( ttShapeId shapeId, void* context )
{
	(void)shapeId;
	*(int*)context += 1;
	return true; // go on
}

int main( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();

	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &groundDef );
	ttCreatePlaneShape( ground, &shapeDef, &( ttPlane ){ .normal = { 0, 1, 0 }, .offset = 0 } );

	// Three 1 m crates in a row along x at x = 0, 3, 6, resting on the ground (centres at y = 0.5).
	for ( int i = 0; i < 3; ++i )
	{
		ttBodyDef crateDef = ttDefaultBodyDef();
		crateDef.type = ttBody_dynamic;
		crateDef.position = ( ttVec3 ){ 3.0 * i, 0.5, 0 };
		ttBodyId crate = ttCreateBody( world, &crateDef );
		ttCreateBoxShape( crate, &shapeDef, &( ttBox ){ .halfExtents = { 0.5, 0.5, 0.5 } } );
	}
	int failures = 0;

	// A ray straight down from 10 m above the middle crate hits its top face at y = 1: 9 m along
	// the 20 m ray, fraction 0.45.
	ttRayResult ray =
	    ttWorld_CastRayClosest( world, ( ttVec3 ){ 3, 10, 0 }, ( ttVec3 ){ 0, -20, 0 }, ttDefaultQueryFilter() );
	printf( "ray: hit %d at y = %.6f, fraction %.6f (expected y = 1, fraction 0.45), normal (%.1f, %.1f, %.1f)\n",
	        ray.hit, (double)ray.point.y, (double)ray.fraction, (double)ray.normal.x, (double)ray.normal.y,
	        (double)ray.normal.z );
	failures += ray.hit == false || fabs( (double)ray.fraction - 0.45 ) > 1e-6 || ray.normal.y < 0.999;

	// A box query from x = 2 to 7 above the ground overlaps the last two crates only.
	int count = 0;
	ttAABB box = { { 2, 0.1, -1 }, { 7, 2, 1 } };
	ttWorld_OverlapAABB( world, box, ttDefaultQueryFilter(), CountShape, &count );
	printf( "overlap: %d shapes (expected 2)\n", count );
	failures += count != 2;

	// The point (1.5, 0.5, 0) is midway between the first two crates, 1 m from their side faces and
	// 0.5 m above the ground: the ground is nearest.
	ttClosestPointResult closest =
	    ttWorld_ClosestPoint( world, ( ttVec3 ){ 1.5, 0.5, 0 }, TT_HUGE, ttDefaultQueryFilter() );
	printf( "closest point: distance %.6f m (expected 0.5 m)\n", (double)closest.distance );
	failures += closest.hit == false || fabs( (double)closest.distance - 0.5 ) > 1e-6;

	ttDestroyWorld( world );
	return failures == 0 ? 0 : 1;
}
