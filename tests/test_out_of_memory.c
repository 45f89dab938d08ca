// SPDX-License-Identifier: MIT
// Memory limits (issue 14): an allocator that fails on demand. Every create function, made to meet
// a failing allocation at each of its allocations in turn, must return an error (a null id and a
// message) or succeed, never abort, and leave the world usable: it steps, reads and destroys
// cleanly (the sanitizer build checks for leaks). And a world that creates bodies until a memory
// budget is spent gets an error for the first body that does not fit, and keeps working.
#include "test_macros.h"

#include "tether/tether.h"

#include <stdlib.h>
#include <string.h>

static long s_allocations;  // allocations so far
static long s_failAt = -1;  // the allocation that fails (-1: none)
static size_t s_budget = 0; // bytes the live allocations may use (0: unlimited)
static size_t s_live = 0;
static int s_messages;

// Each block carries its size in front of it, so that the budget can count what is freed.
typedef struct Header
{
	size_t size;
	size_t pad; // keeps the block 16-byte aligned
} Header;

static void* FailingAlloc( size_t size )
{
	long index = s_allocations++;
	if ( index == s_failAt || ( s_budget > 0 && s_live + size > s_budget ) )
	{
		return NULL;
	}
	Header* header = malloc( sizeof( Header ) + size );
	if ( header == NULL )
	{
		return NULL;
	}
	header->size = size;
	s_live += size;
	return header + 1;
}

static void FailingFree( void* memory )
{
	if ( memory != NULL )
	{
		Header* header = (Header*)memory - 1;
		s_live -= header->size;
		free( header );
	}
}

static void CountLog( const char* message )
{
	(void)message;
	s_messages += 1;
}

static ttWorldId MakeWorld( void )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.enableSleep = false;
	return ttCreateWorld( &def );
}

static ttBodyId AddBody( ttWorldId world, ttVec3 p )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = p;
	return ttCreateBody( world, &def );
}

// The world still works: a box added after the failure falls and the world steps and reads.
static bool StillUsable( ttWorldId world )
{
	s_failAt = -1;
	ttBodyId box = AddBody( world, ( ttVec3 ){ 0, 5, 0 } );
	ttShapeDef shape = ttDefaultShapeDef();
	if ( TT_IS_NULL( box ) ||
	     TT_IS_NULL( ttCreateBoxShape( box, &shape, &( ttBox ){ .halfExtents = { 0.5f, 0.5f, 0.5f } } ) ) )
	{
		return false;
	}
	for ( int i = 0; i < 10; ++i )
	{
		if ( ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) ) != ttResult_ok )
		{
			return false;
		}
	}
	return ttBody_GetPosition( box ).y < 5;
}

typedef bool CreateCase( ttWorldId world );

static bool CreateBoxBody( ttWorldId world )
{
	ttBodyId body = AddBody( world, ( ttVec3 ){ 2, 1, 0 } );
	ttShapeDef shape = ttDefaultShapeDef();
	return TT_IS_NULL( body ) == false &&
	       TT_IS_NULL( ttCreateBoxShape( body, &shape, &( ttBox ){ .halfExtents = { 0.2f, 0.2f, 0.2f } } ) ) == false;
}

static bool CreateHull( ttWorldId world )
{
	ttBodyId body = AddBody( world, ( ttVec3 ){ -2, 1, 0 } );
	ttVec3 points[8];
	for ( int i = 0; i < 8; ++i )
	{
		points[i] = ( ttVec3 ){ ( i & 1 ) ? 0.3f : -0.3f, ( i & 2 ) ? 0.2f : -0.2f, ( i & 4 ) ? 0.25f : -0.25f };
	}
	ttShapeDef shape = ttDefaultShapeDef();
	return TT_IS_NULL( body ) == false && TT_IS_NULL( ttCreateHullShape( body, &shape, points, 8 ) ) == false;
}

static bool CreateMesh( ttWorldId world )
{
	ttBodyDef def = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &def );
	ttVec3 vertices[4] = { { -5, 0, -5 }, { 5, 0, -5 }, { 5, 0, 5 }, { -5, 0, 5 } };
	int indices[6] = { 0, 2, 1, 0, 3, 2 };
	ttMeshDef mesh = ttDefaultMeshDef();
	mesh.vertices = vertices;
	mesh.vertexCount = 4;
	mesh.indices = indices;
	mesh.triangleCount = 2;
	ttShapeDef shape = ttDefaultShapeDef();
	return TT_IS_NULL( ground ) == false && TT_IS_NULL( ttCreateMeshShape( ground, &shape, &mesh ) ) == false;
}

static bool CreateJoints( ttWorldId world )
{
	ttBodyId a = AddBody( world, ( ttVec3 ){ 0, 3, 2 } );
	ttBodyId b = AddBody( world, ( ttVec3 ){ 1, 3, 2 } );
	if ( TT_IS_NULL( a ) || TT_IS_NULL( b ) )
	{
		return false;
	}
	ttSphericalJointDef ball = ttDefaultSphericalJointDef();
	ball.base.bodyB = a;
	ttHingeJointDef hinge = ttDefaultHingeJointDef();
	hinge.base.bodyA = a;
	hinge.base.bodyB = b;
	ttVec3 points[3] = { { 0, 3, 3 }, { 1, 3, 3 }, { 2, 3, 3 } };
	ttPathJointDef path = ttDefaultPathJointDef();
	path.base.bodyB = b;
	path.points = points;
	path.pointCount = 3;
	return TT_IS_NULL( ttCreateSphericalJoint( world, &ball ) ) == false &&
	       TT_IS_NULL( ttCreateHingeJoint( world, &hinge ) ) == false &&
	       TT_IS_NULL( ttCreatePathJoint( world, &path ) ) == false;
}

static void FailEachAllocation( const char* name, CreateCase* create )
{
	int failures = 0, attempts = 0;
	for ( long k = 0; k < 400; ++k )
	{
		s_failAt = -1;
		ttWorldId world = MakeWorld();
		ENSURE( TT_IS_NULL( world ) == false );
		// A step first, so that the world's own scratch exists and the failure lands in `create`.
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
		s_allocations = 0;
		s_failAt = k;
		bool created = create( world );
		long used = s_allocations;
		attempts += 1;
		failures += created ? 0 : 1;
		ENSURE( StillUsable( world ) );
		ttDestroyWorld( world );
		if ( k >= used )
		{
			break; // the failure point is past the create's last allocation: it succeeded
		}
	}
	printf( "%s: %d failure points tried, %d made the create fail with an error, world usable after each\n", name,
	        attempts, failures );
}

static void Budget( void )
{
	s_failAt = -1;
	ttWorldId world = MakeWorld();
	ttBodyId ground = ttCreateBody( world, &( ttBodyDef ){ 0 } ); // an uninitialised def: refused, nothing kept
	ENSURE( TT_IS_NULL( ground ) );
	s_budget = s_live + 256 * 1024; // a quarter MiB more than the world holds
	int created = 0;
	int before = s_messages;
	for ( int i = 0; i < 1000000; ++i )
	{
		if ( CreateBoxBody( world ) == false )
		{
			break;
		}
		created += 1;
	}
	printf( "memory budget of 256 KiB: %d bodies created, then %d messages\n", created, s_messages - before );
	ENSURE( created > 10 );
	ENSURE( s_messages > before );
	s_budget = 0;
	ENSURE( ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) ) == ttResult_ok );
	ENSURE( StillUsable( world ) );
	ttDestroyWorld( world );
}

int main( void )
{
	ttSetAllocator( FailingAlloc, FailingFree );
	ttSetLogFcn( CountLog );
	FailEachAllocation( "box body", CreateBoxBody );
	FailEachAllocation( "hull", CreateHull );
	FailEachAllocation( "mesh", CreateMesh );
	FailEachAllocation( "joints", CreateJoints );
	Budget();
	// World creation itself, failing at each of its allocations.
	for ( long k = 0; k < 64; ++k )
	{
		s_allocations = 0;
		s_failAt = k;
		ttWorldId world = MakeWorld();
		long used = s_allocations;
		s_failAt = -1;
		if ( TT_IS_NULL( world ) == false )
		{
			ENSURE( StillUsable( world ) );
			ttDestroyWorld( world );
		}
		if ( k >= used )
		{
			break;
		}
	}
	printf( "live bytes after every world is destroyed: %zu\n", s_live );
	ENSURE( s_live == 0 );
	ttSetLogFcn( NULL );
	return TEST_RESULT();
}
