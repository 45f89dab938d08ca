// SPDX-License-Identifier: MIT
// The scene loader on good input: world settings, bodies, shapes, mass overrides, every joint
// type with the anchor/axis conveniences, probes, metric columns, and the built-in showcase.
#include "metrics.h"
#include "scene.h"
#include "test_macros.h"

#include <string.h>

static const char s_sceneText[] =
    "{\n"
    " \"name\": \"load_test\",\n"
    " \"description\": \"loader test\",\n"
    " \"_comment\": \"keys starting with an underscore are ignored\",\n"
    " \"world\": { \"gravity\": [0, -10, 0], \"substeps\": 7, \"iterations\": 3, \"timeStep\": 0.01,\n"
    "            \"seconds\": 2.5, \"contacts\": false, \"contactCompliance\": 1e-6, \"maxPushoutSpeed\": 2 },\n"
    " \"bodies\": [\n"
    "  { \"name\": \"ground\", \"type\": \"static\",\n"
    "    \"shapes\": [ { \"type\": \"plane\", \"normal\": [0, 2, 0], \"offset\": -1 } ] },\n"
    "  { \"name\": \"a\", \"position\": [1, 2, 3], \"axisAngle\": { \"axis\": [0, 2, 0], \"degrees\": 90 },\n"
    "    \"shapes\": [ { \"type\": \"box\", \"halfExtents\": [0.5, 0.25, 0.125], \"density\": 100 } ] },\n"
    "  { \"name\": \"b\", \"position\": [4, 2, 3], \"rotation\": [0, 0, 0, 2], \"linearVelocity\": [1, 0, 0],\n"
    "    \"shapes\": [ { \"type\": \"sphere\", \"radius\": 0.5, \"friction\": 0.25, \"restitution\": 0.5,\n"
    "                  \"categoryBits\": [1, 63], \"maskBits\": 5, \"groupIndex\": -2 } ] },\n"
    "  { \"name\": \"c\", \"type\": \"dynamic\", \"position\": [0, 5, 0], \"mass\": 3,\n"
    "    \"shapes\": [ { \"type\": \"capsule\", \"radius\": 0.1, \"halfLength\": 0.5 } ] },\n"
    "  { \"name\": \"k\", \"type\": \"kinematic\", \"position\": [0, 10, 0], \"linearVelocity\": [0, 0, 1] },\n"
    "  { \"name\": \"p\", \"position\": [0, 8, 0], \"mass\": 2, \"inertia\": [1, 2, 3], \"gravityScale\": 0.5 }\n"
    " ],\n"
    " \"joints\": [\n"
    "  { \"name\": \"h\", \"type\": \"hinge\", \"bodyB\": \"a\", \"anchor\": [1, 3, 3], \"axis\": [0, 0, 1],\n"
    "    \"lowerAngleDegrees\": -45, \"upperAngle\": 0.5 },\n"
    "  { \"name\": \"d\", \"type\": \"distance\", \"bodyA\": \"a\", \"bodyB\": \"b\" },\n"
    "  { \"type\": \"spherical\", \"bodyA\": \"k\", \"bodyB\": \"p\", \"anchorA\": [0, -1, 0], \"anchorB\": [0, 1, "
    "0],\n"
    "    \"maxSwingAngleDegrees\": 30 },\n"
    "  { \"name\": \"s\", \"type\": \"prismatic\", \"bodyA\": null, \"bodyB\": \"c\",\n"
    "    \"frameA\": { \"position\": [0, 5, 0], \"axisAngle\": { \"axis\": [0, 0, 1], \"degrees\": 90 } },\n"
    "    \"targetTranslation\": 0.2 }\n"
    " ],\n"
    " \"probes\": [\n"
    "  { \"name\": \"ab\", \"type\": \"distance\", \"bodyA\": \"a\", \"pointA\": [0, 0, 0], \"bodyB\": \"b\",\n"
    "    \"pointB\": [0, 1, 0] },\n"
    "  { \"name\": \"world_to_b\", \"type\": \"distance\", \"pointA\": [4, 2, 0], \"bodyB\": \"b\" },\n"
    "  { \"name\": \"tip\", \"type\": \"position\", \"body\": \"a\", \"point\": [1, 0, 0] },\n"
    "  { \"name\": \"length\", \"type\": \"jointAngle\", \"joint\": \"d\" },\n"
    "  { \"name\": \"angle\", \"type\": \"jointAngle\", \"joint\": \"h\" }\n"
    " ]\n"
    "}\n";

#define TOLERANCE ( TT_REAL_IS_FLOAT ? 1e-5 : 1e-12 )

static void EnsureVec3( ttVec3 actual, double x, double y, double z, double tolerance )
{
	ENSURE_NEAR( actual.x, x, tolerance );
	ENSURE_NEAR( actual.y, y, tolerance );
	ENSURE_NEAR( actual.z, z, tolerance );
}

static void CheckSettings( const ttScene* scene )
{
	ENSURE( strcmp( scene->name, "load_test" ) == 0 );
	EnsureVec3( ttWorld_GetGravity( scene->worldId ), 0, -10, 0, 0 );
	ENSURE_NEAR( ttWorld_GetSubsteps( scene->worldId ), 7, 0 );
	ENSURE_NEAR( ttWorld_GetIterations( scene->worldId ), 3, 0 );
	ENSURE_NEAR( scene->timeStep, 0.01, TOLERANCE );
	ENSURE_NEAR( scene->seconds, 2.5, 0 );
	ENSURE_NEAR( scene->bodyCount, 6, 0 );
	ENSURE_NEAR( scene->jointCount, 4, 0 );
	ENSURE_NEAR( scene->probeCount, 5, 0 );
	ENSURE_NEAR( ttWorld_GetBodyCount( scene->worldId ), 6, 0 );
	ENSURE_NEAR( ttWorld_GetJointCount( scene->worldId ), 4, 0 );
}

static void CheckBodies( const ttScene* scene )
{
	static const char* const names[] = { "ground", "a", "b", "c", "k", "p" };
	for ( int i = 0; i < 6; ++i )
	{
		ENSURE( strcmp( scene->bodyNames[i], names[i] ) == 0 );
		ENSURE( TT_ID_EQUALS( ttScene_FindBody( scene, names[i] ), scene->bodies[i] ) );
		ENSURE( strcmp( ttBody_GetName( scene->bodies[i] ), names[i] ) == 0 );
	}
	ENSURE( TT_IS_NULL( ttScene_FindBody( scene, "A" ) ) );
	ttBodyId a = ttScene_FindBody( scene, "a" ), b = ttScene_FindBody( scene, "b" );
	ENSURE( ttBody_GetType( scene->bodies[0] ) == ttBody_static );
	ENSURE( ttBody_GetType( a ) == ttBody_dynamic );
	ENSURE( ttBody_GetType( ttScene_FindBody( scene, "k" ) ) == ttBody_kinematic );
	EnsureVec3( ttBody_GetPosition( a ), 1, 2, 3, TOLERANCE );
	ttQuat q = ttBody_GetRotation( a );
	double half = 0.70710678118654752;
	ENSURE_NEAR( q.y, half, TOLERANCE );
	ENSURE_NEAR( q.w, half, TOLERANCE );
	ttQuat identity = ttBody_GetRotation( b ); // [0, 0, 0, 2] is normalised
	ENSURE_NEAR( identity.w, 1, TOLERANCE );
	EnsureVec3( ttBody_GetLinearVelocity( b ), 1, 0, 0, TOLERANCE );
	// Masses: box 1 x 0.5 x 0.25 m at 100 kg/m^3, overrides 3 kg and 2 kg with inertia [1, 2, 3].
	ENSURE_NEAR( ttBody_GetMass( a ), 12.5, 1e-9 );
	ENSURE_NEAR( ttBody_GetMass( ttScene_FindBody( scene, "c" ) ), 3, 1e-9 );
	ttMassData massData = ttBody_GetMassData( ttScene_FindBody( scene, "p" ) );
	ENSURE_NEAR( massData.mass, 2, 1e-9 );
	EnsureVec3( massData.inertia, 1, 2, 3, 1e-9 );
}

static void CheckJoints( const ttScene* scene )
{
	ENSURE( strcmp( scene->jointNames[2], "joint2" ) == 0 ); // unnamed joints get joint<index>
	ttJointId hinge = ttScene_FindJoint( scene, "h" );
	ENSURE( TT_ID_EQUALS( hinge, scene->joints[0] ) );
	ENSURE( ttJoint_GetType( hinge ) == ttJoint_hinge );
	ENSURE( ttJoint_GetType( ttScene_FindJoint( scene, "d" ) ) == ttJoint_distance );
	ENSURE( ttJoint_GetType( ttScene_FindJoint( scene, "joint2" ) ) == ttJoint_spherical );
	ENSURE( ttJoint_GetType( ttScene_FindJoint( scene, "s" ) ) == ttJoint_prismatic );
	ENSURE( TT_IS_NULL( ttScene_FindJoint( scene, "x" ) ) );
	ENSURE( TT_IS_NULL( ttJoint_GetBodyA( hinge ) ) );
	// A world anchor puts both frames at the same world point; the axis starts the angle at 0.
	EnsureVec3( ttJoint_GetAnchorA( hinge ), 1, 3, 3, 1e-5 );
	EnsureVec3( ttJoint_GetAnchorB( hinge ), 1, 3, 3, 1e-5 );
	ENSURE_NEAR( ttHingeJoint_GetAngle( hinge ), 0, 1e-5 );
	// The distance joint's length defaults to the distance of its anchors: |(1,2,3)-(4,2,3)| = 3.
	ENSURE_NEAR( ttDistanceJoint_GetLength( ttScene_FindJoint( scene, "d" ) ), 3, 1e-5 );
	ENSURE_NEAR( ttPrismaticJoint_GetTranslation( ttScene_FindJoint( scene, "s" ) ), 0, 1e-5 );
}

static void CheckProbes( const ttScene* scene )
{
	ENSURE_NEAR( ttScene_FindProbe( scene, "tip" ), 2, 0 );
	ENSURE_NEAR( ttScene_FindProbe( scene, "nope" ), -1, 0 );
	ttReal values[3];
	// a's origin (1,2,3) to b's point (0,1,0) = world (4,3,3): sqrt(3^2 + 1^2).
	ttProbe_Evaluate( scene->probes + 0, values );
	ENSURE_NEAR( values[0], sqrt( 10.0 ), 1e-5 );
	ttProbe_Evaluate( scene->probes + 1, values );
	ENSURE_NEAR( values[0], 3, 1e-5 );
	// a is turned 90 degrees about y, so its local x axis points along world -z.
	ENSURE_NEAR( ttProbe_ColumnCount( scene->probes + 2 ), 3, 0 );
	ttProbe_Evaluate( scene->probes + 2, values );
	EnsureVec3( ( ttVec3 ){ values[0], values[1], values[2] }, 1, 2, 2, 1e-5 );
	ttProbe_Evaluate( scene->probes + 3, values );
	ENSURE_NEAR( values[0], 3, 1e-5 );
	ttProbe_Evaluate( scene->probes + 4, values );
	ENSURE_NEAR( values[0], 0, 1e-5 );
}

static void CheckMetrics( const ttScene* scene )
{
	// 17 fixed columns, 2 per joint, 1 + 1 + 3 + 1 + 1 for the probes.
	int count = ttMetrics_ColumnCount( scene );
	ENSURE_NEAR( count, 32, 0 );
	char name[128];
	ttMetrics_ColumnName( scene, ttMetric_totalEnergy, name, (int)sizeof( name ) );
	ENSURE( strcmp( name, "totalEnergy" ) == 0 );
	ttMetrics_ColumnName( scene, ttMetric_fixedCount, name, (int)sizeof( name ) );
	ENSURE( strcmp( name, "h.force" ) == 0 );
	ttMetrics_ColumnName( scene, ttMetric_fixedCount + 5, name, (int)sizeof( name ) );
	ENSURE( strcmp( name, "joint2.torque" ) == 0 );
	ttMetrics_ColumnName( scene, 27, name, (int)sizeof( name ) );
	ENSURE( strcmp( name, "tip.x" ) == 0 );
	ttMetrics_ColumnName( scene, 31, name, (int)sizeof( name ) );
	ENSURE( strcmp( name, "angle" ) == 0 );

	ttRecorder recorder;
	char error[256];
	ENSURE( ttRecorder_Open( &recorder, scene, NULL, error, (int)sizeof( error ) ) );
	ttRecorder_Record( &recorder, 0.5 );
	ENSURE_NEAR( recorder.values[ttMetric_time], 0.5, 0 );
	ENSURE_NEAR( recorder.values[29], 2, 1e-5 ); // tip.z
	ENSURE_NEAR( recorder.values[30], 3, 1e-5 ); // length
	ENSURE_NEAR( recorder.values[ttMetric_contactCount], 0, 0 );
	ENSURE_NEAR( recorder.values[ttMetric_supportedBodies], 0, 0 );
	// Kinetic energy of b alone (a, c and p are at rest): 1/2 * m * 1^2 with m = 1000 * 4/3 pi 0.5^3.
	ENSURE_NEAR( recorder.values[ttMetric_kineticEnergy], 0.5 * 1000 * 4.0 / 3.0 * 3.14159265358979 * 0.125, 1e-3 );
	ttRecorder_Close( &recorder );
}

static void CheckShowcase( void )
{
	ttScene scene;
	char error[512] = { 0 };
	bool loaded = ttScene_LoadString( ttScene_ShowcaseJson(), "showcase", &scene, error, (int)sizeof( error ) );
	if ( loaded == false )
	{
		fprintf( stderr, "showcase: %s\n", error );
	}
	ENSURE( loaded );
	if ( loaded == false )
	{
		return;
	}
	ENSURE( strcmp( scene.name, "showcase" ) == 0 );
	ENSURE( scene.bodyCount >= 20 && scene.bodyCount <= 60 );
	ENSURE( scene.jointCount >= 6 );
	// Its subjects use every joint type but the path joint: chains (distance, spherical), a rope
	// (generic mount, spherical), a robot arm (prismatic rail, hinges, a fixed hand).
	int types[ttJoint_count] = { 0 };
	for ( int i = 0; i < scene.jointCount; ++i )
	{
		types[ttJoint_GetType( scene.joints[i] )] += 1;
	}
	for ( int t = 0; t < ttJoint_count; ++t )
	{
		ENSURE( types[t] > 0 || t == ttJoint_path );
	}
	bool stepped = true;
	for ( int i = 0; i < 60 && stepped; ++i )
	{
		stepped = ttWorld_Step( scene.worldId, scene.timeStep ) == ttResult_ok;
	}
	ENSURE( stepped );
	ENSURE( isfinite( (double)ttWorld_GetKineticEnergy( scene.worldId ) ) );
	// Its moments happen within 3.5 s: the heavy ball (radius 0.3 m, from 2.15 m) snaps the
	// chains and comes to rest on its plate (0.1 m thick) on the ground, its centre at 0.4 m (below
	// 0.6 m allows for debris under the plate); the top brick of the pyramid (centre 1.8 m) is
	// knocked down at least one layer (0.4 m).
	for ( int i = 0; i < 150 && stepped; ++i )
	{
		stepped = ttWorld_Step( scene.worldId, scene.timeStep ) == ttResult_ok;
	}
	double ballY = NAN, brickY = NAN;
	for ( int i = 0; i < scene.bodyCount; ++i )
	{
		if ( strcmp( scene.bodyNames[i], "wrecker" ) == 0 )
		{
			ballY = (double)ttBody_GetPosition( scene.bodies[i] ).y;
		}
		if ( strcmp( scene.bodyNames[i], "brick14" ) == 0 )
		{
			brickY = (double)ttBody_GetPosition( scene.bodies[i] ).y;
		}
	}
	ENSURE_BELOW( ballY, 0.6 );
	ENSURE_BELOW( brickY, 1.8 - 0.4 );
	ttScene_Destroy( &scene );
	ENSURE( TT_IS_NULL( scene.worldId ) );
}

// The example in docs/scene-format.md loads, so the documentation cannot drift from the loader.
static void CheckDocumentedExample( void )
{
	FILE* file = fopen( "docs/scene-format.md", "rb" );
	ENSURE( file != NULL );
	if ( file == NULL )
	{
		return;
	}
	static char text[1 << 16];
	size_t size = fread( text, 1, sizeof( text ) - 1, file );
	fclose( file );
	text[size] = 0;
	char* begin = strstr( text, "```json\n" );
	char* end = begin != NULL ? strstr( begin + 8, "```" ) : NULL;
	ENSURE( begin != NULL && end != NULL );
	if ( begin == NULL || end == NULL )
	{
		return;
	}
	*end = 0;
	ttScene scene;
	char error[512] = { 0 };
	bool loaded = ttScene_LoadString( begin + 8, "docs/scene-format.md example", &scene, error, (int)sizeof( error ) );
	if ( loaded == false )
	{
		fprintf( stderr, "%s\n", error );
	}
	ENSURE( loaded );
	if ( loaded )
	{
		ENSURE( strcmp( scene.name, "pendulum_and_box" ) == 0 );
		ENSURE_NEAR( scene.probeCount, 3, 0 );
		ttReal length = 0;
		ttProbe_Evaluate( scene.probes + 1, &length ); // "rod": pivot to bob, 1 m
		ENSURE_NEAR( length, 1, 1e-6 );
		ttScene_Destroy( &scene );
	}
}

// Collision filters: bits as a list of indices or as a number, and the group.
static void CheckFilter( const ttScene* scene )
{
	ttShapeId shapes[2];
	ENSURE( ttBody_GetShapes( ttScene_FindBody( scene, "b" ), shapes, 2 ) == 1 );
	ttFilter filter = ttShape_GetFilter( shapes[0] );
	ENSURE( filter.categoryBits == ( ( (uint64_t)1 << 1 ) | ( (uint64_t)1 << 63 ) ) );
	ENSURE( filter.maskBits == 5 );
	ENSURE( filter.groupIndex == -2 );
}

int main( void )
{
	ttScene scene;
	char error[512] = { 0 };
	bool loaded = ttScene_LoadString( s_sceneText, "load_test.json", &scene, error, (int)sizeof( error ) );
	if ( loaded == false )
	{
		fprintf( stderr, "load failed: %s\n", error );
		return 1;
	}
	CheckSettings( &scene );
	CheckFilter( &scene );
	CheckBodies( &scene );
	CheckJoints( &scene );
	CheckProbes( &scene );
	CheckMetrics( &scene );
	// The world steps (the kinematic body moves at its velocity: 1 m/s along z).
	ttBodyId k = ttScene_FindBody( &scene, "k" );
	for ( int i = 0; i < 10; ++i )
	{
		ENSURE( ttWorld_Step( scene.worldId, scene.timeStep ) == ttResult_ok );
	}
	EnsureVec3( ttBody_GetPosition( k ), 0, 10, 0.1, 1e-5 );
	ttWorldId world = scene.worldId;
	ttScene_Destroy( &scene );
	ENSURE( ttWorld_IsValid( world ) == false );
	CheckShowcase();
	CheckDocumentedExample();
	return TEST_RESULT();
}
