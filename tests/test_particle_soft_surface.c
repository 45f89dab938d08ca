// SPDX-License-Identifier: MIT
// Soft bodies from a closed surface mesh (ttBuildSoftBodySurface, issue 12 item 3): the mass is the
// density times the enclosed volume, and under load the shape matching keeps the volume within 1 %
// (issue 12: "volume conservation within 1 % under load"). The volume is measured here from the
// particles' positions by the divergence theorem, written again in the test. Bad input is refused
// and leaves the world as it was.
#include "scene.h"
#include "test_macros.h"
#include "tether/tether.h"

#include <stdlib.h>
#include <string.h>

// A sphere of radius r at `center`: an octahedron whose triangles are split `levels` times, the
// new vertices pushed out to the sphere. Triangles wind outward.
typedef struct Surface
{
	ttVec3 vertices[1024];
	int vertexCount;
	int triangles[3 * 2048];
	int triangleCount;
} Surface;

static int Midpoint( Surface* s, int a, int b, ttReal r, ttVec3 center )
{
	ttVec3 m = ttScale( (ttReal)0.5, ttAdd( s->vertices[a], s->vertices[b] ) );
	ttVec3 d = ttNormalize( ttSub( m, center ) );
	ttVec3 p = ttMulAdd( center, r, d );
	for ( int i = 0; i < s->vertexCount; ++i )
	{
		if ( ttLength( ttSub( s->vertices[i], p ) ) < (ttReal)1e-9 )
		{
			return i;
		}
	}
	s->vertices[s->vertexCount] = p;
	return s->vertexCount++;
}

static void MakeSphere( Surface* s, ttVec3 center, ttReal r, int levels )
{
	static const int octahedron[8][3] = { { 0, 2, 4 }, { 2, 1, 4 }, { 1, 3, 4 }, { 3, 0, 4 },
	                                      { 2, 0, 5 }, { 1, 2, 5 }, { 3, 1, 5 }, { 0, 3, 5 } };
	ttVec3 axes[6] = { { 1, 0, 0 }, { -1, 0, 0 }, { 0, 0, 1 }, { 0, 0, -1 }, { 0, 1, 0 }, { 0, -1, 0 } };
	s->vertexCount = 6;
	for ( int i = 0; i < 6; ++i )
	{
		s->vertices[i] = ttMulAdd( center, r, axes[i] );
	}
	s->triangleCount = 8;
	memcpy( s->triangles, octahedron, sizeof( octahedron ) );
	for ( int level = 0; level < levels; ++level )
	{
		int old[3 * 2048];
		int oldCount = s->triangleCount;
		memcpy( old, s->triangles, sizeof( int ) * 3 * (size_t)oldCount );
		s->triangleCount = 0;
		for ( int t = 0; t < oldCount; ++t )
		{
			int a = old[3 * t], b = old[3 * t + 1], c = old[3 * t + 2];
			int ab = Midpoint( s, a, b, r, center ), bc = Midpoint( s, b, c, r, center ),
			    ca = Midpoint( s, c, a, r, center );
			int split[4][3] = { { a, ab, ca }, { ab, b, bc }, { ca, bc, c }, { ab, bc, ca } };
			memcpy( s->triangles + 3 * s->triangleCount, split, sizeof( split ) );
			s->triangleCount += 4;
		}
	}
}

static double EnclosedVolume( const ttVec3* p, const int* triangles, int triangleCount )
{
	double volume = 0;
	for ( int t = 0; t < triangleCount; ++t )
	{
		ttVec3 a = p[triangles[3 * t]], b = p[triangles[3 * t + 1]], c = p[triangles[3 * t + 2]];
		volume += (double)( a.x * ( b.y * c.z - b.z * c.y ) - a.y * ( b.x * c.z - b.z * c.x ) +
		                    a.z * ( b.x * c.y - b.y * c.x ) ) /
		          6;
	}
	return fabs( volume );
}

static ttBodyId s_ground;

static ttWorldId MakeWorld( void )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.substeps = 20;
	ttWorldId world = ttCreateWorld( &def );
	ttBodyDef groundDef = ttDefaultBodyDef();
	s_ground = ttCreateBody( world, &groundDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttPlane plane = { { 0, 1, 0 }, 0 };
	ttCreatePlaneShape( s_ground, &shapeDef, &plane );
	return world;
}

// A soft ball of radius 0.3 m (density 100, 10.3 kg) dropped on the ground with a box of `load` kg
// on a vertical slider dropped on top; from 1 s to 3 s its volume stays within 1 % of its rest volume.
static void CheckVolumeUnderLoad( bool clusters, ttReal compliance, ttReal load, bool check )
{
	static Surface s;
	const ttReal r = (ttReal)0.3;
	MakeSphere( &s, ( ttVec3 ){ 0, r + (ttReal)0.05, 0 }, r, 2 );
	ttWorldId world = MakeWorld();
	ttSoftBodyDef def = ttDefaultSoftBodyDef();
	def.density = 100;
	def.radius = (ttReal)0.02;
	def.edgeCompliance = -1;
	def.shapeMatchCompliance = compliance;
	def.shapeMatchClusters = clusters;
	ttParticleId ids[1024];
	ENSURE( ttBuildSoftBodySurface( world, &def, s.vertices, s.vertexCount, s.triangles, s.triangleCount, ids ) ==
	        ttResult_ok );
	double restVolume = EnclosedVolume( s.vertices, s.triangles, s.triangleCount );
	double totalMass = 0;
	for ( int i = 0; i < s.vertexCount; ++i )
	{
		totalMass += (double)ttParticle_GetMass( ids[i] );
	}
	// The mass is the density times the polyhedron's volume (computed independently here).
	// Float: the sum of 66 masses and 128 volume terms, each rounding at 6e-8.
	ENSURE_NEAR( totalMass, 100 * restVolume, ( TT_REAL_IS_FLOAT ? 1e-5 : 1e-9 ) * totalMass );

	ttBodyDef boxDef = ttDefaultBodyDef();
	boxDef.type = ttBody_dynamic;
	boxDef.position = ( ttVec3 ){ 0, 2 * r + (ttReal)0.2, 0 };
	ttBodyId box = ttCreateBody( world, &boxDef );
	ttShapeDef boxShape = ttDefaultShapeDef();
	ttBox half = { { (ttReal)0.15, (ttReal)0.1, (ttReal)0.15 } };
	ttCreateBoxShape( box, &boxShape, &half );
	ttMassData mass = ttBody_GetMassData( box );
	mass.mass = load;
	ttBody_SetMassData( box, mass );
	// On a vertical slider, so that the load presses the ball instead of rolling off it.
	ttPrismaticJointDef slider = ttDefaultPrismaticJointDef();
	slider.base.bodyA = s_ground;
	slider.base.bodyB = box;
	ttQuat up = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, TT_PI / 2 );
	slider.base.localFrameA = ( ttTransform ){ boxDef.position, up };
	slider.base.localFrameB = ( ttTransform ){ TT_VEC3_ZERO, up };
	ttCreatePrismaticJoint( world, &slider );

	ttVec3 positions[1024];
	double worstVolume = 0;
	for ( int step = 0; step < 180; ++step )
	{
		ENSURE( ttWorld_Step( world, (ttReal)1 / 60 ) == ttResult_ok );
		if ( step >= 60 )
		{
			ENSURE( ttWorld_GetParticlePositions( world, ids, s.vertexCount, positions ) == ttResult_ok );
			double volume = EnclosedVolume( positions, s.triangles, s.triangleCount );
			worstVolume = fmax( worstVolume, fabs( volume - restVolume ) / restVolume );
		}
	}
	double boxHeight = (double)ttBody_GetPosition( box ).y;
	// Resting undeformed: the ball's particle centres span 2r, plus a particle radius at the ground
	// and at the box, plus the box's half height.
	double restingHeight = (double)( 2 * r + 2 * def.radius + half.halfExtents.y );
	printf( "soft ball%s, compliance %g, load %g kg: %d particles, rest volume %.6f m^3, worst volume change from 1 s "
	        "to 3 s %.3g %%, box "
	        "centre at %.4f m (resting undeformed: %.3f)\n",
	        clusters ? " (clusters)" : "", (double)compliance, (double)load, s.vertexCount, restVolume,
	        100 * worstVolume, boxHeight, restingHeight );
	if ( check )
	{
		ENSURE_BELOW( worstVolume, 0.01 );
		// The box rests on the ball, pressing it in by less than 5 cm of its 60 cm.
		ENSURE_NEAR( boxHeight, restingHeight, 0.05 );
	}
	ttDestroyWorld( world );
}

static void CheckBadInput( void )
{
	static Surface s;
	MakeSphere( &s, ( ttVec3 ){ 0, 1, 0 }, (ttReal)0.3, 1 );
	ttWorldId world = MakeWorld();
	ttSoftBodyDef def = ttDefaultSoftBodyDef();
	def.shapeMatchCompliance = 0;
	ttParticleId ids[1024];
	// An open surface: one triangle left out.
	ENSURE( ttBuildSoftBodySurface( world, &def, s.vertices, s.vertexCount, s.triangles, s.triangleCount - 1, ids ) ==
	        ttResult_invalidArgument );
	// An index out of range, a NaN vertex, a degenerate triangle.
	int saved = s.triangles[4];
	s.triangles[4] = s.vertexCount;
	ENSURE( ttBuildSoftBodySurface( world, &def, s.vertices, s.vertexCount, s.triangles, s.triangleCount, ids ) ==
	        ttResult_invalidArgument );
	s.triangles[4] = saved;
	ttVec3 vertex = s.vertices[3];
	s.vertices[3].y = (ttReal)NAN;
	ENSURE( ttBuildSoftBodySurface( world, &def, s.vertices, s.vertexCount, s.triangles, s.triangleCount, ids ) ==
	        ttResult_invalidArgument );
	s.vertices[s.triangles[1]] = s.vertices[s.triangles[0]]; // triangle 0 collapses to an edge
	ENSURE( ttBuildSoftBodySurface( world, &def, s.vertices, s.vertexCount, s.triangles, s.triangleCount, ids ) ==
	        ttResult_invalidArgument );
	s.vertices[3] = vertex;
	MakeSphere( &s, ( ttVec3 ){ 0, 1, 0 }, (ttReal)0.3, 1 );
	// Without shape matching nothing holds the shape.
	def.shapeMatchCompliance = -1;
	ENSURE( ttBuildSoftBodySurface( world, &def, s.vertices, s.vertexCount, s.triangles, s.triangleCount, ids ) ==
	        ttResult_invalidArgument );
	def.shapeMatchCompliance = 0;
	ttSoftBodyDef raw;
	memset( &raw, 0, sizeof( raw ) );
	ENSURE( ttBuildSoftBodySurface( world, &raw, s.vertices, s.vertexCount, s.triangles, s.triangleCount, ids ) ==
	        ttResult_invalidArgument );
	ENSURE( ttWorld_GetParticleCount( world ) == 0 );
	// The untouched surface builds; a destroyed world is a stale id.
	ENSURE( ttBuildSoftBodySurface( world, &def, s.vertices, s.vertexCount, s.triangles, s.triangleCount, ids ) ==
	        ttResult_ok );
	ENSURE( ttWorld_GetParticleCount( world ) == s.vertexCount );
	ttDestroyWorld( world );
	ENSURE( ttBuildSoftBodySurface( world, &def, s.vertices, s.vertexCount, s.triangles, s.triangleCount, ids ) ==
	        ttResult_invalidId );
}

// The scene file: two balls from an OBJ surface ("file"), 162 particles each; after 4 s each keeps
// its volume (the clustered one within 1 %, the compliant one within 5 %) and rests above the floor.
static void CheckSceneFile( void )
{
	ttScene scene;
	char error[1024];
	ENSURE( ttScene_LoadFile( "scenes/particles_soft_surface.json", &scene, error, sizeof( error ) ) );
	ENSURE( scene.particleGroupCount == 2 );
	double rest[2] = { 0, 0 };
	static ttVec3 positions[2][256];
	for ( int g = 0; g < scene.particleGroupCount && g < 2; ++g )
	{
		const ttParticleGroup* group = scene.particleGroups + g;
		ENSURE( group->particleCount == 162 && group->triangleCount == 320 );
		ttWorld_GetParticlePositions( scene.worldId, group->particles, group->particleCount, positions[g] );
		rest[g] = EnclosedVolume( positions[g], group->triangles, group->triangleCount );
	}
	for ( int step = 0; step < 240; ++step )
	{
		ENSURE( ttWorld_Step( scene.worldId, scene.timeStep ) == ttResult_ok );
	}
	for ( int g = 0; g < scene.particleGroupCount && g < 2; ++g )
	{
		const ttParticleGroup* group = scene.particleGroups + g;
		ttWorld_GetParticlePositions( scene.worldId, group->particles, group->particleCount, positions[g] );
		double volume = EnclosedVolume( positions[g], group->triangles, group->triangleCount );
		double lowest = 1e9;
		for ( int i = 0; i < group->particleCount; ++i )
		{
			lowest = fmin( lowest, (double)positions[g][i].y );
		}
		printf( "%s: volume %.5f of %.5f m^3 at rest, lowest particle centre %.4f m\n", group->name, volume, rest[g],
		        lowest );
		ENSURE_NEAR( volume, rest[g], ( g == 0 ? 0.01 : 0.05 ) * rest[g] );
		ENSURE( lowest > 0 ); // particle radius 0.03: no centre below the floor
	}
	ttScene_Destroy( &scene );
}

int main( void )
{
	CheckSceneFile();
	// Rigid clusters (the meshless deformation of Mueller et al.: each vertex's neighbourhood
	// matched exactly, the body bends between them) and one stiff spring-like match, both at a
	// load of 20 kg and 5 kg; each keeps its volume within 1 % and carries the load.
	CheckVolumeUnderLoad( false, 0, 20, true );
	CheckVolumeUnderLoad( true, 0, 20, true );
	CheckVolumeUnderLoad( false, (ttReal)1e-4, 5, true );
	CheckVolumeUnderLoad( true, (ttReal)1e-4, 5, true );
	// Softer matches are springs toward the matched shape, not volume constraints: they lose
	// volume under load (measured 2026-11-25: 1e-3 m/N under 20 kg, 16 % and 20 %). Printed only.
	CheckVolumeUnderLoad( false, (ttReal)1e-3, 20, false );
	CheckVolumeUnderLoad( true, (ttReal)1e-3, 20, false );
	CheckBadInput();
	return TEST_RESULT();
}
