// SPDX-License-Identifier: MIT
// The numbers of shared/BENCHMARKS.md turned into bodies and joints (see peer_scenes.h).
#include "peer_scenes.h"

#include <stdlib.h>

static const double s_pi = 3.14159265358979323846;

static PeerBody peerBox( double x, double y, double z, double half, double mass )
{
	// Solid cube: I = m (2a)^2 / 6 about each axis.
	double moment = mass * ( 2 * half ) * ( 2 * half ) / 6;
	return ( PeerBody ){ .shape = PeerShape_box,
	                     .position = { x, y, z },
	                     .halfExtents = { half, half, half },
	                     .mass = mass,
	                     .inertia = { moment, moment, moment } };
}

// Capsule of uniform density: a cylinder of length 2 h plus two hemispheres. The moments are the
// textbook ones (hemispheres shifted by the parallel axis theorem about their own centres of mass).
static PeerBody peerCapsule( double x, double y, double z, int axis, double radius, double halfLength, double mass )
{
	double r = radius, l = 2 * halfLength;
	double cylinderVolume = s_pi * r * r * l, ballVolume = 4.0 / 3.0 * s_pi * r * r * r;
	double density = mass / ( cylinderVolume + ballVolume );
	double mc = density * cylinderVolume, mb = density * ballVolume;
	double along = mc * r * r / 2 + mb * 2 * r * r / 5;
	double across = mc * ( r * r / 4 + l * l / 12 ) + mb * ( 2 * r * r / 5 + l * l / 4 + 3 * l * r / 8 );
	PeerBody body = { .shape = PeerShape_capsule,
	                  .position = { x, y, z },
	                  .radius = r,
	                  .halfLength = halfLength,
	                  .axis = axis,
	                  .mass = mass,
	                  .inertia = { across, across, across } };
	body.inertia[axis] = along;
	return body;
}

static PeerBody peerSphere( double x, double y, double z, double radius, double mass )
{
	double moment = 0.4 * mass * radius * radius;
	return ( PeerBody ){ .shape = PeerShape_sphere,
	                     .position = { x, y, z },
	                     .radius = radius,
	                     .mass = mass,
	                     .inertia = { moment, moment, moment } };
}

static bool peerAllocate( PeerScene* scene, int bodies, int statics, int joints )
{
	scene->bodyCount = bodies;
	scene->staticCount = statics;
	scene->jointCount = joints;
	scene->bodies = calloc( (size_t)( bodies > 0 ? bodies : 1 ), sizeof( PeerBody ) );
	scene->statics = calloc( (size_t)( statics > 0 ? statics : 1 ), sizeof( PeerStatic ) );
	scene->joints = calloc( (size_t)( joints > 0 ? joints : 1 ), sizeof( PeerJoint ) );
	return scene->bodies != NULL && scene->statics != NULL && scene->joints != NULL;
}

static PeerStatic peerGround( void )
{
	return ( PeerStatic ){ { 0, -PEER_GROUND_HALF_Y, 0 },
	                       { PEER_GROUND_HALF_X, PEER_GROUND_HALF_Y, PEER_GROUND_HALF_Z } };
}

// Rows in the x-y plane: row r holds base - r touching boxes, offset by half a box per row.
static bool peerPyramid( PeerScene* scene, int base )
{
	if ( peerAllocate( scene, base * ( base + 1 ) / 2, 1, 0 ) == false )
	{
		return false;
	}
	scene->statics[0] = peerGround();
	int n = 0;
	for ( int row = 0; row < base; ++row )
	{
		int count = base - row;
		for ( int i = 0; i < count; ++i )
		{
			double x = ( i - 0.5 * ( count - 1 ) ) * 2 * PEER_BOX_HALF;
			double y = PEER_BOX_HALF + row * 2 * PEER_BOX_HALF;
			scene->bodies[n++] = peerBox( x, y, 0, PEER_BOX_HALF, PEER_BOX_MASS );
		}
	}
	return true;
}

// 20 links of 0.2 m hanging down from (0, 10, 0), then the 1000 kg cube (0.25 m half extent)
// by the centre of its top face; the last joint is at (0, 6, 0).
static bool peerHeavyChain( PeerScene* scene )
{
	const int links = 20;
	if ( peerAllocate( scene, links + 1, 0, links + 1 ) == false )
	{
		return false;
	}
	for ( int i = 0; i < links; ++i )
	{
		scene->bodies[i] = peerCapsule( 0, 9.9 - 0.2 * i, 0, 1, 0.05, 0.1, 0.1 );
		scene->joints[i] = ( PeerJoint ){ i - 1, i, { 0, 10 - 0.2 * i, 0 } };
	}
	scene->bodies[links] = peerBox( 0, 5.75, 0, 0.25, 1000 );
	scene->joints[links] = ( PeerJoint ){ links - 1, links, { 0, 6, 0 } };
	return true;
}

// 100 links along +x from the fixed point (0, 10, 0), released horizontally.
static bool peerRope( PeerScene* scene )
{
	const int links = 100;
	if ( peerAllocate( scene, links, 0, links ) == false )
	{
		return false;
	}
	for ( int i = 0; i < links; ++i )
	{
		scene->bodies[i] = peerCapsule( 0.1 + 0.2 * i, 10, 0, 0, 0.05, 0.1, 0.1 );
		scene->joints[i] = ( PeerJoint ){ i - 1, i, { 0.2 * i, 10, 0 } };
	}
	return true;
}

// 10 x 10 columns of 10 layers, 0.1 m gaps sideways and between layers, lowest 0.1 m up. For the
// scaling curve `side` columns along each side instead of 10 (the 100 m ground holds up to 90).
static bool peerPile( PeerScene* scene, int side )
{
	if ( peerAllocate( scene, 10 * side * side, 1, 0 ) == false )
	{
		return false;
	}
	scene->statics[0] = peerGround();
	const double pitch = 2 * PEER_BOX_HALF + 0.1;
	int n = 0;
	for ( int layer = 0; layer < 10; ++layer )
	{
		for ( int i = 0; i < side; ++i )
		{
			for ( int k = 0; k < side; ++k )
			{
				double centre = 0.5 * ( side - 1 );
				scene->bodies[n++] = peerBox( ( i - centre ) * pitch, 0.1 + PEER_BOX_HALF + layer * pitch,
				                              ( k - centre ) * pitch, PEER_BOX_HALF, PEER_BOX_MASS );
			}
		}
	}
	return true;
}

// The sixth scene (not in BENCHMARKS.md; it measures broadphase scaling): 10,000 spheres of
// radius 0.25 m and 1 kg on a 1 m grid, 20 x 20 wide and 25 high (lowest at 2 m), each nudged
// sideways by up to 0.2 m so that they do not fall in perfect columns, into a 20 x 20 m box with
// 30 m walls. The nudges come from a fixed linear congruential sequence: every engine and run
// gets the same scene. For the scaling curve `side` spheres along each side instead of 20, in a box
// of side x side m (the 100 m ground holds up to 98).
static bool peerRain( PeerScene* scene, int side )
{
	if ( peerAllocate( scene, 25 * side * side, 5, 0 ) == false )
	{
		return false;
	}
	const double inner = 0.5 * side, wall = 0.5, height = 15;
	scene->containerHalf = inner;
	scene->statics[0] = peerGround();
	scene->statics[1] = ( PeerStatic ){ { inner + wall, height, 0 }, { wall, height, inner + 2 * wall } };
	scene->statics[2] = ( PeerStatic ){ { -inner - wall, height, 0 }, { wall, height, inner + 2 * wall } };
	scene->statics[3] = ( PeerStatic ){ { 0, height, inner + wall }, { inner + 2 * wall, height, wall } };
	scene->statics[4] = ( PeerStatic ){ { 0, height, -inner - wall }, { inner + 2 * wall, height, wall } };
	unsigned long long state = 12345;
	int n = 0;
	for ( int layer = 0; layer < 25; ++layer )
	{
		for ( int i = 0; i < side; ++i )
		{
			for ( int k = 0; k < side; ++k )
			{
				double jitter[2];
				for ( int j = 0; j < 2; ++j )
				{
					state = state * 6364136223846793005ull + 1442695040888963407ull;
					jitter[j] = 0.4 * ( (double)( state >> 11 ) / 9007199254740992.0 - 0.5 );
				}
				double centre = 0.5 * ( side - 1 );
				scene->bodies[n++] = peerSphere( i - centre + jitter[0], 2 + layer, k - centre + jitter[1], 0.25, 1 );
			}
		}
	}
	return true;
}

bool peerScene_Build( PeerSceneKind kind, int side, PeerScene* scene )
{
	static const char* const names[PeerScene_count] = { "heavy_chain", "rope",          "pyramid",
	                                                    "pile",        "pyramid_large", "rain" };
	static const int steps[PeerScene_count] = { 300, 300, 600, 600, 600, 300 };
	*scene = ( PeerScene ){ .kind = kind, .name = names[kind], .steps = steps[kind], .collisions = true };
	bool ok = false;
	switch ( kind )
	{
		case PeerScene_heavyChain:
			scene->collisions = false;
			ok = peerHeavyChain( scene );
			break;
		case PeerScene_rope:
			scene->collisions = false;
			ok = peerRope( scene );
			break;
		case PeerScene_pyramid:
			ok = peerPyramid( scene, 20 );
			break;
		case PeerScene_pyramidLarge:
			ok = peerPyramid( scene, 40 );
			break;
		case PeerScene_pile:
			ok = peerPile( scene, side > 0 ? side : 10 );
			break;
		default:
			ok = peerRain( scene, side > 0 ? side : 20 );
			break;
	}
	if ( ok == false )
	{
		peerScene_Destroy( scene );
	}
	return ok;
}

void peerScene_Destroy( PeerScene* scene )
{
	free( scene->bodies );
	free( scene->statics );
	free( scene->joints );
	scene->bodies = NULL;
	scene->statics = NULL;
	scene->joints = NULL;
}
