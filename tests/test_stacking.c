// SPDX-License-Identifier: MIT
// Stacking (collision issue, item 9) at default settings (60 Hz, 20 substeps x 1 iteration,
// soft-step contacts), with the boxes of shared/BENCHMARKS.md (1 m cubes, 1 kg, friction 0.6):
// - scenes/stack_tower.json: 20 boxes in a tower stand 10 s, no box moving more than 1 cm;
// - scenes/stack_pyramid.json: 210 boxes with a base of 20 stand 10 s, no box moving more than
//   1 cm (the criterion; the soft contacts' own compression, about 2 mm at the top, is
//   part of the displacement);
// - scenes/stack_pile.json: 1000 boxes dropped as 10 x 10 columns of 10 settle: every box below
//   0.05 m/s within 15 s (nothing sleeps: sleeping is off in this world's defaults or not, the
//   speeds are the solver's own).
#include "validation.h"

typedef struct StackResult
{
	int bodyCount;
	double maxDisplacement; ///< largest distance of a box from where it started, over the run
	double maxFinalSpeed;   ///< largest |v| at the end
	int movingCount;        ///< boxes faster than the speed limit at the end
} StackResult;

static StackResult RunStack( const char* path, double seconds, double speedLimit )
{
	ttScene scene;
	tvLoad( path, &scene );
	ttWorldId world = scene.worldId;
	int count = ttWorld_GetBodyCount( world );
	ttBodyId* bodies = malloc( sizeof( ttBodyId ) * (size_t)count );
	ttVec3* starts = malloc( sizeof( ttVec3 ) * (size_t)count );
	count = ttWorld_GetBodies( world, bodies, count );
	for ( int i = 0; i < count; ++i )
	{
		starts[i] = ttBody_GetPosition( bodies[i] );
	}
	StackResult result = { 0, 0, 0, 0 };
	int frames = tvFrames( seconds );
	for ( int frame = 0; frame < frames; ++frame )
	{
		tvStep( world, 1 );
		for ( int i = 0; i < count; ++i )
		{
			if ( ttBody_GetType( bodies[i] ) == ttBody_dynamic )
			{
				double moved = tvLength( ttSub( ttBody_GetPosition( bodies[i] ), starts[i] ) );
				result.maxDisplacement = fmax( result.maxDisplacement, moved );
			}
		}
	}
	for ( int i = 0; i < count; ++i )
	{
		if ( ttBody_GetType( bodies[i] ) != ttBody_dynamic )
		{
			continue;
		}
		result.bodyCount += 1;
		double speed = tvLength( ttBody_GetLinearVelocity( bodies[i] ) );
		result.maxFinalSpeed = fmax( result.maxFinalSpeed, speed );
		result.movingCount += speed > speedLimit ? 1 : 0;
	}
	free( bodies );
	free( starts );
	ttScene_Destroy( &scene );
	return result;
}

int main( void )
{
	StackResult tower = RunStack( "scenes/stack_tower.json", 10, 0.01 );
	printf( "tower of %d boxes, 10 s: largest displacement %.2e m, largest final speed %.2e m/s\n", tower.bodyCount,
	        tower.maxDisplacement, tower.maxFinalSpeed );
	ENSURE( tower.bodyCount == 20 );
	ENSURE_BELOW( tower.maxDisplacement, 0.01 );
	ENSURE_BELOW( tower.maxFinalSpeed, 0.01 );

	StackResult pyramid = RunStack( "scenes/stack_pyramid.json", 10, 0.01 );
	printf( "pyramid of %d boxes, 10 s: largest displacement %.2e m, largest final speed %.2e m/s\n", pyramid.bodyCount,
	        pyramid.maxDisplacement, pyramid.maxFinalSpeed );
	ENSURE( pyramid.bodyCount == 210 );
	ENSURE_BELOW( pyramid.maxDisplacement, 0.01 );
	ENSURE_BELOW( pyramid.maxFinalSpeed, 0.01 );

	StackResult pile = RunStack( "scenes/stack_pile.json", 15, 0.05 );
	printf( "pile of %d boxes, 15 s: %d faster than 0.05 m/s, largest final speed %.2e m/s\n", pile.bodyCount,
	        pile.movingCount, pile.maxFinalSpeed );
	ENSURE( pile.bodyCount == 1000 );
	ENSURE( pile.movingCount == 0 );
	return TEST_RESULT();
}
