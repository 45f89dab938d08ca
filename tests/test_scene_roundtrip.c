// SPDX-License-Identifier: MIT
// ttWorld_SaveScene round trip: every scene in scenes/ and a programmatic world with every shape
// and joint type is loaded, saved and loaded again, and the two worlds must hold the same state
// bit for bit (the internal records, not readouts that could hide a difference); then both are
// stepped and must still agree bit for bit. Bad paths give ttResult_ioError and leave no file.
#define _POSIX_C_SOURCE 200809L
#include "body.h"
#include "curve.h"
#include "hull.h"
#include "joint.h"
#include "joint_path.h"
#include "mesh.h"
#include "particle.h"
#include "scene.h"
#include "shape.h"
#include "test_macros.h"
#include "world.h"

#include "tether/tether.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#define SAME( a, b ) ( memcmp( &( a ), &( b ), sizeof( a ) ) == 0 )

static int s_differences = 0;
// Values the step derives again before it reads them: a shape's pose in its body's principal
// frame (refreshed by the broadphase) and a hinge motor's target angle (restarted from the pose in
// every substep). Two fresh loads agree on them too; a stepped world and its saved copy do not,
// and need not.
static bool s_compareCaches = true;

static void Differ( const char* what, int index, const char* field )
{
	if ( s_differences < 10 )
	{
		fprintf( stderr, "FAIL %s %d: %s differs\n", what, index, field );
	}
	s_differences += 1;
}

#define CHECK( what, index, a, b, field )                                                                              \
	do                                                                                                                 \
	{                                                                                                                  \
		if ( !SAME( ( a )->field, ( b )->field ) )                                                                     \
		{                                                                                                              \
			Differ( what, index, #field );                                                                             \
		}                                                                                                              \
	} while ( 0 )

static void CompareWorldSettings( ttWorld* a, ttWorld* b, ttWorldId ia, ttWorldId ib )
{
	CHECK( "world", 0, a, b, gravity );
	CHECK( "world", 0, a, b, substeps );
	CHECK( "world", 0, a, b, iterations );
	CHECK( "world", 0, a, b, contactCompliance );
	CHECK( "world", 0, a, b, maxPushoutSpeed );
	CHECK( "world", 0, a, b, restitutionThresholdScale );
	CHECK( "world", 0, a, b, maxRotationPerSubstep );
	CHECK( "world", 0, a, b, contactSolver );
	CHECK( "world", 0, a, b, contactHertz );
	CHECK( "world", 0, a, b, contactDampingRatio );
	CHECK( "world", 0, a, b, jointHertz );
	CHECK( "world", 0, a, b, jointDampingRatio );
	CHECK( "world", 0, a, b, jointBaumgarte );
	CHECK( "world", 0, a, b, jointCfm );
	CHECK( "world", 0, a, b, jointTreeSolve );
	CHECK( "world", 0, a, b, enableContacts );
	CHECK( "world", 0, a, b, enableLongRange );
	CHECK( "world", 0, a, b, enableSleep );
	CHECK( "world", 0, a, b, timeToSleep );
	CHECK( "world", 0, a, b, linearSleepThreshold );
	CHECK( "world", 0, a, b, angularSleepThreshold );
	CHECK( "world", 0, a, b, jointSolver );
	CHECK( "world", 0, a, b, jointJacobi );
	ENSURE( ttWorld_GetLongRangeLevels( ia ) == ttWorld_GetLongRangeLevels( ib ) );
	for ( int f = 0; f < 2; ++f )
	{
		ttLongRangeBoundSettings sa = ttWorld_GetLongRangeBounds( ia, (ttLongRangeFeature)f );
		ttLongRangeBoundSettings sb = ttWorld_GetLongRangeBounds( ib, (ttLongRangeFeature)f );
		ENSURE( sa.upperCompliance == sb.upperCompliance && sa.lowerCompliance == sb.lowerCompliance &&
		        sa.upperAsLower == sb.upperAsLower );
	}
}

static void CompareBody( ttWorld* wa, ttWorld* wb, int i )
{
	ttBody* a = ttWorld_Body( wa, i );
	ttBody* b = ttWorld_Body( wb, i );
	ttVec3 ca = ttBody_Center( a ), cb = ttBody_Center( b );
	if ( !SAME( ca, cb ) )
	{
		Differ( "body", i, "centre of mass" );
	}
	CHECK( "body", i, a, b, type );
	CHECK( "body", i, a, b, q );
	CHECK( "body", i, a, b, v );
	CHECK( "body", i, a, b, w );
	CHECK( "body", i, a, b, mass );
	CHECK( "body", i, a, b, invMass );
	CHECK( "body", i, a, b, inertia );
	CHECK( "body", i, a, b, invInertia );
	CHECK( "body", i, a, b, localCenter );
	CHECK( "body", i, a, b, principalRotation );
	CHECK( "body", i, a, b, fixedRotation );
	CHECK( "body", i, a, b, gravityScale );
	CHECK( "body", i, a, b, linearDamping );
	CHECK( "body", i, a, b, angularDamping );
	CHECK( "body", i, a, b, enableSleep );
	if ( ttBody_IsSleeping( a ) != ttBody_IsSleeping( b ) )
	{
		Differ( "body", i, "sleeping" );
	}
	// Shapes in the same order with the same fields.
	int sa = a->shapeHead, sb = b->shapeHead;
	for ( ; sa >= 0 && sb >= 0; sa = ttWorld_Shape( wa, sa )->nextShape, sb = ttWorld_Shape( wb, sb )->nextShape )
	{
		ttShape* x = ttWorld_Shape( wa, sa );
		ttShape* y = ttWorld_Shape( wb, sb );
		CHECK( "shape", sa, x, y, type );
		CHECK( "shape", sa, x, y, localTransform );
		if ( s_compareCaches )
		{
			CHECK( "shape", sa, x, y, simTransform );
		}
		CHECK( "shape", sa, x, y, density );
		CHECK( "shape", sa, x, y, staticFriction );
		CHECK( "shape", sa, x, y, dynamicFriction );
		CHECK( "shape", sa, x, y, restitution );
		CHECK( "shape", sa, x, y, filter.categoryBits );
		CHECK( "shape", sa, x, y, filter.maskBits );
		CHECK( "shape", sa, x, y, filter.groupIndex );
		if ( x->type != y->type )
		{
			continue;
		}
		switch ( x->type )
		{
			case ttShape_sphere:
				CHECK( "shape", sa, x, y, sphere );
				break;
			case ttShape_capsule:
				CHECK( "shape", sa, x, y, capsule );
				break;
			case ttShape_box:
				CHECK( "shape", sa, x, y, box );
				break;
			case ttShape_plane:
				CHECK( "shape", sa, x, y, plane );
				break;
			case ttShape_cylinder:
				CHECK( "shape", sa, x, y, cylinder );
				break;
			case ttShape_hull:
				if ( x->hull->vertexCount != y->hull->vertexCount || x->hull->faceCount != y->hull->faceCount ||
				     memcmp( x->hull->vertices, y->hull->vertices, sizeof( ttVec3 ) * (size_t)x->hull->vertexCount ) !=
				         0 ||
				     !SAME( x->hull->unitMass, y->hull->unitMass ) )
				{
					Differ( "shape", sa, "hull" );
				}
				break;
			case ttShape_curve:
				if ( x->curve.samples->count != y->curve.samples->count ||
				     memcmp( x->curve.samples->points, y->curve.samples->points,
				             sizeof( ttVec3 ) * (size_t)x->curve.samples->count ) != 0 ||
				     x->curve.samples->closed != y->curve.samples->closed ||
				     x->curve.samples->smooth != y->curve.samples->smooth || !SAME( x->curve.radius, y->curve.radius ) )
				{
					Differ( "shape", sa, "curve" );
				}
				break;
			default:
				if ( x->mesh->vertexCount != y->mesh->vertexCount || x->mesh->triangleCount != y->mesh->triangleCount ||
				     memcmp( x->mesh->vertices, y->mesh->vertices, sizeof( ttVec3 ) * (size_t)x->mesh->vertexCount ) !=
				         0 ||
				     memcmp( x->mesh->indices, y->mesh->indices, sizeof( int ) * 3 * (size_t)x->mesh->triangleCount ) !=
				         0 ||
				     x->mesh->oneSided != y->mesh->oneSided )
				{
					Differ( "shape", sa, "mesh" );
				}
				break;
		}
	}
	if ( sa >= 0 || sb >= 0 )
	{
		Differ( "body", i, "shape count" );
	}
}

static void CompareJoint( ttWorld* wa, ttWorld* wb, int i )
{
	ttJoint* a = ttWorld_Joint( wa, i );
	ttJoint* b = ttWorld_Joint( wb, i );
	CHECK( "joint", i, a, b, type );
	CHECK( "joint", i, a, b, bodyA );
	CHECK( "joint", i, a, b, bodyB );
	CHECK( "joint", i, a, b, localFrameA );
	CHECK( "joint", i, a, b, localFrameB );
	CHECK( "joint", i, a, b, simFrameA );
	CHECK( "joint", i, a, b, simFrameB );
	CHECK( "joint", i, a, b, linearCompliance );
	CHECK( "joint", i, a, b, angularCompliance );
	CHECK( "joint", i, a, b, linearDamping );
	CHECK( "joint", i, a, b, angularDamping );
	CHECK( "joint", i, a, b, breakForce );
	CHECK( "joint", i, a, b, breakTorque );
	CHECK( "joint", i, a, b, collideConnected );
	if ( s_compareCaches )
	{
		CHECK( "joint", i, a, b, motorAngle );
	}
	switch ( a->type )
	{
		case ttJoint_hinge:
			CHECK( "joint", i, a, b, hinge.enableLimit );
			CHECK( "joint", i, a, b, hinge.lowerAngle );
			CHECK( "joint", i, a, b, hinge.upperAngle );
			CHECK( "joint", i, a, b, hinge.limitCompliance );
			CHECK( "joint", i, a, b, hinge.enableTarget );
			CHECK( "joint", i, a, b, hinge.targetAngle );
			CHECK( "joint", i, a, b, hinge.targetCompliance );
			CHECK( "joint", i, a, b, hinge.enableMotor );
			CHECK( "joint", i, a, b, hinge.motorSpeed );
			CHECK( "joint", i, a, b, hinge.maxMotorTorque );
			CHECK( "joint", i, a, b, hinge.motorCompliance );
			break;
		case ttJoint_spherical:
			CHECK( "joint", i, a, b, spherical.enableSwingLimit );
			CHECK( "joint", i, a, b, spherical.maxSwingAngle );
			CHECK( "joint", i, a, b, spherical.swingCompliance );
			CHECK( "joint", i, a, b, spherical.enableTwistLimit );
			CHECK( "joint", i, a, b, spherical.lowerTwistAngle );
			CHECK( "joint", i, a, b, spherical.upperTwistAngle );
			CHECK( "joint", i, a, b, spherical.twistCompliance );
			break;
		case ttJoint_prismatic:
			CHECK( "joint", i, a, b, prismatic.enableLimit );
			CHECK( "joint", i, a, b, prismatic.lowerTranslation );
			CHECK( "joint", i, a, b, prismatic.upperTranslation );
			CHECK( "joint", i, a, b, prismatic.enableDrive );
			CHECK( "joint", i, a, b, prismatic.targetTranslation );
			CHECK( "joint", i, a, b, prismatic.driveCompliance );
			CHECK( "joint", i, a, b, prismatic.maxDriveForce );
			CHECK( "joint", i, a, b, prismatic.driveForce );
			break;
		case ttJoint_distance:
			CHECK( "joint", i, a, b, distance.minLength );
			CHECK( "joint", i, a, b, distance.maxLength );
			CHECK( "joint", i, a, b, distance.compliance );
			break;
		case ttJoint_generic:
			CHECK( "joint", i, a, b, generic.lowerTranslation );
			CHECK( "joint", i, a, b, generic.upperTranslation );
			CHECK( "joint", i, a, b, generic.lockRotation );
			break;
		case ttJoint_path:
		{
			CHECK( "joint", i, a, b, path.enableLimit );
			CHECK( "joint", i, a, b, path.lowerPosition );
			CHECK( "joint", i, a, b, path.upperPosition );
			CHECK( "joint", i, a, b, path.enableMotor );
			CHECK( "joint", i, a, b, path.motorSpeed );
			CHECK( "joint", i, a, b, path.maxMotorForce );
			int na, nb;
			bool ca, cb, sma, smb;
			const ttVec3* pa = ttCurve_GetControlPoints( a->curve, &na, &ca, &sma );
			const ttVec3* pb = ttCurve_GetControlPoints( b->curve, &nb, &cb, &smb );
			if ( na != nb || ca != cb || sma != smb || memcmp( pa, pb, sizeof( ttVec3 ) * (size_t)na ) != 0 )
			{
				Differ( "joint", i, "path points" );
			}
			break;
		}
		default:
			break;
	}
}

static void CompareParticle( ttParticleSet* sa, ttParticleSet* sb, int i )
{
	ttParticle* a = ttParticleSet_Particle( sa, i );
	ttParticle* b = ttParticleSet_Particle( sb, i );
	CHECK( "particle", i, a, b, x );
	CHECK( "particle", i, a, b, v );
	CHECK( "particle", i, a, b, invMass );
	CHECK( "particle", i, a, b, radius );
	CHECK( "particle", i, a, b, staticFriction );
	CHECK( "particle", i, a, b, dynamicFriction );
	CHECK( "particle", i, a, b, gravityScale );
	CHECK( "particle", i, a, b, damping );
	CHECK( "particle", i, a, b, group );
	CHECK( "particle", i, a, b, collide );
}

static void CompareParticleConstraint( ttParticleSet* sa, ttParticleSet* sb, int i )
{
	ttParticleConstraint* a = ttParticleSet_Constraint( sa, i );
	ttParticleConstraint* b = ttParticleSet_Constraint( sb, i );
	CHECK( "particle constraint", i, a, b, type );
	CHECK( "particle constraint", i, a, b, p );
	CHECK( "particle constraint", i, a, b, body );
	CHECK( "particle constraint", i, a, b, local );
	CHECK( "particle constraint", i, a, b, rest );
	CHECK( "particle constraint", i, a, b, compliance );
	CHECK( "particle constraint", i, a, b, clusterCount );
	CHECK( "particle constraint", i, a, b, rotation );
	if ( a->clusterCount == b->clusterCount && a->clusterCount > 0 &&
	     ( memcmp( a->cluster, b->cluster, sizeof( int ) * (size_t)a->clusterCount ) != 0 ||
	       memcmp( a->restOffsets, b->restOffsets, sizeof( ttVec3 ) * (size_t)a->clusterCount ) != 0 ) )
	{
		Differ( "particle constraint", i, "cluster or restOffsets" );
	}
}

// Particles and their constraints, slot by slot (a saved world is written in slot order and the
// loader fills the slots in that order).
static void CompareParticles( ttWorld* a, ttWorld* b )
{
	ttParticleSet* sa = a->particles;
	ttParticleSet* sb = b->particles;
	int liveA = sa != NULL ? sa->particles.liveCount + sa->constraints.liveCount : 0;
	int liveB = sb != NULL ? sb->particles.liveCount + sb->constraints.liveCount : 0;
	if ( liveA == 0 && liveB == 0 )
	{
		return;
	}
	if ( liveA != liveB || sa->particles.count != sb->particles.count ||
	     sa->constraints.count != sb->constraints.count )
	{
		Differ( "world", 0, "particle or particle constraint count" );
		return;
	}
	for ( int i = 0; i < sa->particles.count; ++i )
	{
		if ( sa->particles.used[i] != sb->particles.used[i] )
		{
			Differ( "particle", i, "slot" );
		}
		else if ( sa->particles.used[i] )
		{
			CompareParticle( sa, sb, i );
		}
	}
	for ( int i = 0; i < sa->constraints.count; ++i )
	{
		if ( sa->constraints.used[i] != sb->constraints.used[i] )
		{
			Differ( "particle constraint", i, "slot" );
		}
		else if ( sa->constraints.used[i] )
		{
			CompareParticleConstraint( sa, sb, i );
		}
	}
}

static void CompareWorlds( const char* label, ttWorldId ia, ttWorldId ib )
{
	ttWorld* a = ttGetWorld( ia );
	ttWorld* b = ttGetWorld( ib );
	s_differences = 0;
	CompareWorldSettings( a, b, ia, ib );
	if ( a->bodies.count != b->bodies.count || a->joints.count != b->joints.count ||
	     a->bodies.liveCount != b->bodies.liveCount || a->joints.liveCount != b->joints.liveCount )
	{
		Differ( "world", 0, "body or joint count" );
	}
	else
	{
		for ( int i = 0; i < a->bodies.count; ++i )
		{
			if ( a->bodies.used[i] != b->bodies.used[i] )
			{
				Differ( "body", i, "slot" );
			}
			else if ( a->bodies.used[i] )
			{
				CompareBody( a, b, i );
			}
		}
		for ( int i = 0; i < a->joints.count; ++i )
		{
			if ( a->joints.used[i] != b->joints.used[i] )
			{
				Differ( "joint", i, "slot" );
			}
			else if ( a->joints.used[i] )
			{
				CompareJoint( a, b, i );
			}
		}
	}
	CompareParticles( a, b );
	printf( "%s %s: %d differences (expected 0)\n", s_differences == 0 ? "ok  " : "FAIL", label, s_differences );
	tt_test_failures += s_differences > 0;
}

static char s_savePath[1024];

// Save `world`, load the file, and check that the loaded world equals the `reference` world; then
// step both and check again. Returns the loaded scene (destroyed by the caller).
static bool RoundTrip( const char* label, ttWorldId reference, ttScene* loaded )
{
	ttResult result = ttWorld_SaveScene( reference, s_savePath );
	if ( result != ttResult_ok )
	{
		fprintf( stderr, "FAIL %s: ttWorld_SaveScene returned %d\n", label, (int)result );
		tt_test_failures += 1;
		return false;
	}
	char error[1024];
	if ( ttScene_LoadFile( s_savePath, loaded, error, sizeof( error ) ) == false )
	{
		fprintf( stderr, "FAIL %s: the saved scene does not load: %s\n", label, error );
		tt_test_failures += 1;
		return false;
	}
	CompareWorlds( label, reference, loaded->worldId );
	return true;
}

static bool FileExists( const char* path )
{
	FILE* file = fopen( path, "r" );
	if ( file != NULL )
	{
		fclose( file );
	}
	return file != NULL;
}

// Load -> save -> load, compare; step both 20 steps, compare again; save the stepped world,
// load it and compare.
static void CheckSceneFile( const char* path )
{
	ttScene first;
	char error[1024];
	if ( ttScene_LoadFile( path, &first, error, sizeof( error ) ) == false )
	{
		fprintf( stderr, "FAIL %s: %s\n", path, error );
		tt_test_failures += 1;
		return;
	}
	ttScene second;
	memset( &second, 0, sizeof( second ) );
	if ( RoundTrip( path, first.worldId, &second ) )
	{
		for ( int step = 0; step < 20; ++step )
		{
			ttWorld_Step( first.worldId, first.timeStep );
			ttWorld_Step( second.worldId, first.timeStep );
		}
		char label[1100];
		snprintf( label, sizeof( label ), "%s after 20 steps", path );
		CompareWorlds( label, first.worldId, second.worldId );
		// A stepped world (bodies turned and moving, cloths and soft bodies away from their rest
		// shapes, shape matches with a last fit) saves exactly too. Its carried contact impulses
		// are not part of a scene, so the two are compared as loaded, not stepped further.
		ttScene third;
		memset( &third, 0, sizeof( third ) );
		snprintf( label, sizeof( label ), "%s saved after 20 steps", path );
		s_compareCaches = false;
		RoundTrip( label, first.worldId, &third );
		s_compareCaches = true;
		if ( TT_IS_NON_NULL( third.worldId ) )
		{
			ttScene_Destroy( &third );
		}
	}
	if ( TT_IS_NON_NULL( second.worldId ) )
	{
		ttScene_Destroy( &second );
	}
	ttScene_Destroy( &first );
}

static int CompareStrings( const void* a, const void* b )
{
	return strcmp( *(char* const*)a, *(char* const*)b );
}

static void CheckAllScenes( void )
{
	DIR* dir = opendir( "scenes" );
	ENSURE( dir != NULL );
	if ( dir == NULL )
	{
		return;
	}
	char* names[256];
	int count = 0;
	for ( struct dirent* entry = readdir( dir ); entry != NULL && count < 256; entry = readdir( dir ) )
	{
		size_t length = strlen( entry->d_name );
		if ( length > 5 && strcmp( entry->d_name + length - 5, ".json" ) == 0 )
		{
			names[count] = malloc( length + 8 );
			snprintf( names[count], length + 8, "scenes/%s", entry->d_name );
			++count;
		}
	}
	closedir( dir );
	qsort( names, (size_t)count, sizeof( names[0] ), CompareStrings );
	printf( "%d scenes\n", count );
	ENSURE( count >= 30 );
	for ( int i = 0; i < count; ++i )
	{
		CheckSceneFile( names[i] );
		free( names[i] );
	}
}

// A world built through the API with every shape type and joint type, every option away from its
// default, a mass override with turned principal axes, a sleeping body and non-default settings.
// compound = false: every body one sphere or box at its origin (principal axes = body axes), so the
// whole round trip is bit for bit; true: every shape type, offset and turned, on compound bodies.
static ttWorldId BuildEverything( bool compound )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	worldDef.gravity = ( ttVec3 ){ 0.1, -9.5, 0.2 };
	worldDef.substeps = 7;
	worldDef.iterations = 2;
	worldDef.contactCompliance = 1e-7;
	worldDef.jointSolver = ttJointSolver_si;
	worldDef.contactSolver = ttContactSolver_xpbd;
	worldDef.timeToSleep = 0.7;
	worldDef.jointTreeSolve = true;
	ttWorldId world = ttCreateWorld( &worldDef );
	ttWorld_EnableJointJacobi( world, true );
	ttWorld_EnableLongRange( world, ttLongRange_attachments, true );
	ttWorld_SetLongRangeLevels( world, 5 );
	ttLongRangeBoundSettings bounds = { 1e-5, 2e-5, true };
	ttWorld_SetLongRangeBounds( world, ttLongRange_hierarchy, bounds );

	ttBodyDef groundDef = ttDefaultBodyDef();
	groundDef.type = ttBody_static;
	groundDef.name = "ground";
	ttBodyId ground = ttCreateBody( world, &groundDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttPlane plane = { { 0, 1, 0 }, -0.25 };
	ttCreatePlaneShape( ground, &shapeDef, &plane );
	ttVec3 meshVertices[4] = { { -5, 0, -5 }, { 5, 0, -5 }, { 5, 0.5, 5 }, { -5, 0, 5 } };
	int meshIndices[6] = { 0, 2, 1, 0, 3, 2 };
	ttMeshDef meshDef = ttDefaultMeshDef();
	meshDef.vertices = meshVertices;
	meshDef.vertexCount = 4;
	meshDef.indices = meshIndices;
	meshDef.triangleCount = 2;
	shapeDef.localPosition = ( ttVec3 ){ 20, 0, 0 };
	ttCreateMeshShape( ground, &shapeDef, &meshDef );
	ttReal heights[12] = { 0, 0.1, 0.3, 0.2, 0.5, 0.1, 0.7, 0.3, 0.2, 0.4, 0.3, 0.1 };
	ttHeightfieldDef fieldDef = ttDefaultHeightfieldDef();
	fieldDef.heights = heights;
	fieldDef.rowCount = 3;
	fieldDef.columnCount = 4;
	fieldDef.scale = ( ttVec3 ){ 0.7, 1.3, 0.9 };
	shapeDef.localPosition = ( ttVec3 ){ -20, 0, 0 };
	ttCreateHeightfieldShape( ground, &shapeDef, &fieldDef );
	ttVec3 wire[4] = { { 0, 1, 0 }, { 1, 1.5, 0.5 }, { 2, 1.2, 0 }, { 3, 1, -0.4 } };
	ttCurveDef curveDef = ttDefaultCurveDef();
	curveDef.points = wire;
	curveDef.pointCount = 4;
	curveDef.radius = 0.05;
	curveDef.smooth = true;
	shapeDef.localPosition = ( ttVec3 ){ 0, 0, 20 };
	ttCreateCurveShape( ground, &shapeDef, &curveDef );

	ttBodyId bodies[8];
	for ( int i = 0; i < 8; ++i )
	{
		ttBodyDef def = ttDefaultBodyDef();
		def.position = ( ttVec3 ){ (ttReal)i * 1.1 + 0.3, 2 + 0.1 * i, 0.2 * i };
		def.rotation = ttQuatNormalize( ( ttQuat ){ 0.1 * i, 0.3, -0.2, 1 } );
		def.linearVelocity = ( ttVec3 ){ 0.3, -0.1 * i, 0.7 };
		def.angularVelocity = ( ttVec3 ){ 1.1, 0.2, -0.3 * i };
		def.linearDamping = 0.01 * i;
		def.angularDamping = 0.02 * i;
		def.gravityScale = 1 - 0.05 * i;
		def.enableSleep = i != 3;
		def.type = i == 7 ? ttBody_kinematic : ttBody_dynamic;
		bodies[i] = ttCreateBody( world, &def );
		ttShapeDef sd = ttDefaultShapeDef();
		sd.density = 500 + 100 * i;
		sd.staticFriction = 0.3 + 0.01 * i;
		sd.dynamicFriction = 0.2;
		sd.restitution = 0.1 * ( i % 3 );
		sd.filter.categoryBits = (uint64_t)1 << ( i + 1 );
		sd.filter.groupIndex = -i;
		if ( compound )
		{
			sd.localPosition = ( ttVec3 ){ 0.05 * i, -0.02, 0.01 };
			sd.localRotation = ttQuatNormalize( ( ttQuat ){ 0, 0.2 * i, 0, 1 } );
		}
		// Compound bodies: a second shape offsets the centre of mass and turns the principal axes.
		ttSphere sphere = { 0.2 };
		ttCapsule capsule = { { -0.3, 0, 0 }, { 0.3, 0.1, 0 }, 0.1 };
		ttBox box = { { 0.3, 0.2, 0.1 } };
		ttCylinder cylinder = { 0.2, 0.3 };
		ttVec3 hullPoints[6] = { { 0.3, 0, 0 },  { -0.3, 0, 0 }, { 0, 0.4, 0 },
		                         { 0, -0.2, 0 }, { 0, 0, 0.3 },  { 0.1, 0.1, -0.3 } };
		switch ( compound ? i % 5 : 2 * ( i % 2 ) )
		{
			case 0:
				ttCreateSphereShape( bodies[i], &sd, &sphere );
				break;
			case 1:
				ttCreateCapsuleShape( bodies[i], &sd, &capsule );
				break;
			case 2:
				ttCreateBoxShape( bodies[i], &sd, &box );
				break;
			case 3:
				ttCreateCylinderShape( bodies[i], &sd, &cylinder );
				break;
			default:
				ttCreateHullShape( bodies[i], &sd, hullPoints, 6 );
				break;
		}
		if ( compound )
		{
			sd.localPosition = ( ttVec3 ){ 0.4, 0.1, -0.2 };
			ttCreateBoxShape( bodies[i], &sd, &box );
		}
	}
	ttMassData mass = { 3.5, { 0, 0, 0 }, { 0.5, 0.7, 0.9 }, TT_QUAT_IDENTITY };
	if ( compound )
	{
		mass.center = ( ttVec3 ){ 0.1, 0.2, -0.1 };
		mass.rotation = ttQuatNormalize( ( ttQuat ){ 0.2, 0.1, 0.4, 1 } );
	}
	ttBody_SetMassData( bodies[6], mass );
	ttBody_SetAwake( bodies[5], false );

	ttHingeJointDef hinge = ttDefaultHingeJointDef();
	hinge.base.bodyB = bodies[0];
	hinge.base.localFrameA = ( ttTransform ){ { 0.3, 2.5, 0.1 }, ttQuatNormalize( ( ttQuat ){ 0.1, 0.2, 0.3, 1 } ) };
	hinge.base.localFrameB = ( ttTransform ){ { 0, 0.5, 0 }, ttQuatNormalize( ( ttQuat ){ 0.3, 0.2, 0.1, 1 } ) };
	hinge.base.linearCompliance = 1e-6;
	hinge.base.angularCompliance = 2e-6;
	hinge.base.linearDamping = 0.1;
	hinge.base.angularDamping = 0.2;
	hinge.base.breakForce = 1e5;
	hinge.base.breakTorque = 2e5;
	hinge.base.collideConnected = true;
	hinge.enableLimit = true;
	hinge.lowerAngle = -0.7;
	hinge.upperAngle = 1.1;
	hinge.limitCompliance = 1e-4;
	hinge.enableMotor = true;
	hinge.motorSpeed = 2.5;
	hinge.maxMotorTorque = 40;
	hinge.motorCompliance = 1e-3;
	ttCreateHingeJoint( world, &hinge );
	hinge.base.bodyA = bodies[0];
	hinge.base.bodyB = bodies[1];
	hinge.enableMotor = false;
	hinge.enableTarget = true;
	hinge.targetAngle = 0.3;
	hinge.targetCompliance = 1e-2;
	ttCreateHingeJoint( world, &hinge );

	ttSphericalJointDef spherical = ttDefaultSphericalJointDef();
	spherical.base.bodyA = bodies[1];
	spherical.base.bodyB = bodies[2];
	spherical.base.localFrameA.p = ( ttVec3 ){ 0.5, 0, 0 };
	spherical.base.localFrameB.p = ( ttVec3 ){ -0.5, 0, 0 };
	spherical.enableSwingLimit = true;
	spherical.maxSwingAngle = 0.6;
	spherical.swingCompliance = 1e-5;
	spherical.enableTwistLimit = true;
	spherical.lowerTwistAngle = -0.4;
	spherical.upperTwistAngle = 0.2;
	spherical.twistCompliance = 3e-5;
	ttCreateSphericalJoint( world, &spherical );

	ttPrismaticJointDef prismatic = ttDefaultPrismaticJointDef();
	prismatic.base.bodyA = bodies[2];
	prismatic.base.bodyB = bodies[3];
	prismatic.enableLimit = true;
	prismatic.lowerTranslation = -0.3;
	prismatic.upperTranslation = 0.4;
	prismatic.enableDrive = true;
	prismatic.targetTranslation = 0.1;
	prismatic.driveCompliance = 1e-3;
	prismatic.maxDriveForce = 50;
	prismatic.driveForce = 3;
	ttCreatePrismaticJoint( world, &prismatic );

	ttDistanceJointDef distance = ttDefaultDistanceJointDef();
	distance.base.bodyA = bodies[3];
	distance.base.bodyB = bodies[4];
	distance.minLength = 0.8;
	distance.maxLength = 1.3;
	distance.compliance = 1e-4;
	ttCreateDistanceJoint( world, &distance );

	ttGenericJointDef generic = ttDefaultGenericJointDef();
	generic.base.bodyA = bodies[4];
	generic.base.bodyB = bodies[5];
	generic.lowerTranslation = ( ttVec3 ){ -0.1, 1, 0 };
	generic.upperTranslation = ( ttVec3 ){ 0.2, -1, 0 };
	generic.lockRotation = false;
	ttCreateGenericJoint( world, &generic );

	ttFixedJointDef fixed = ttDefaultFixedJointDef();
	fixed.base.bodyA = bodies[5];
	fixed.base.bodyB = bodies[6];
	ttCreateFixedJoint( world, &fixed );

	ttVec3 points[4] = { { 0, 0, 0 }, { 1, 0.3, 0 }, { 2, 0, 0.5 }, { 1, -0.5, 1 } };
	ttPathJointDef path = ttDefaultPathJointDef();
	path.base.bodyA = bodies[7];
	path.base.bodyB = bodies[6];
	path.points = points;
	path.pointCount = 4;
	path.closed = true;
	path.smooth = true;
	path.enableLimit = true;
	path.lowerPosition = 0.1;
	path.upperPosition = 2.5;
	path.enableMotor = true;
	path.motorSpeed = 0.4;
	path.maxMotorForce = 12;
	ttCreatePathJoint( world, &path );
	return world;
}

// The programmatic world: save, load (A), save A, load (B); A and B must agree, and the first
// load must agree with the world it came from.
static void CheckProgrammaticWorld( bool compound )
{
	ttWorldId world = BuildEverything( compound );
	ENSURE( ttWorld_GetJointCount( world ) == 8 );
	ttScene a, b;
	memset( &b, 0, sizeof( b ) );
	if ( RoundTrip( compound ? "compound world -> A" : "programmatic world -> A", world, &a ) )
	{
		if ( RoundTrip( "programmatic A -> B", a.worldId, &b ) )
		{
			for ( int step = 0; step < 20; ++step )
			{
				ttWorld_Step( a.worldId, 1.0 / 60 );
				ttWorld_Step( b.worldId, 1.0 / 60 );
			}
			CompareWorlds( "programmatic A and B after 20 steps", a.worldId, b.worldId );
		}
		if ( TT_IS_NON_NULL( b.worldId ) )
		{
			ttScene_Destroy( &b );
		}
		ttScene_Destroy( &a );
	}
	ttDestroyWorld( world );
}

static char s_lastMessage[512];

static void CaptureMessage( const char* message )
{
	snprintf( s_lastMessage, sizeof( s_lastMessage ), "%s", message );
}

// Bad paths: a clear message, ttResult_ioError or invalidArgument, and no file left behind.
static void CheckBadInput( void )
{
	ttLogFcn* previous = ttGetLogFcn();
	ttSetLogFcn( CaptureMessage );
	ttWorldDef def = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &def );

	ENSURE( ttWorld_SaveScene( world, "/nonexistent-directory/scene.json" ) == ttResult_ioError );
	printf( "message: %s\n", s_lastMessage );
	ENSURE( strstr( s_lastMessage, "cannot write '/nonexistent-directory/scene.json'" ) != NULL );
	ENSURE( FileExists( "/nonexistent-directory/scene.json.tmp-save" ) == false );

	// A directory as the target: the temporary file is written, the rename fails, and the
	// temporary is removed.
	ENSURE( ttWorld_SaveScene( world, TT_TEST_OUT_DIR ) == ttResult_ioError );
	printf( "message: %s\n", s_lastMessage );
	ENSURE( FileExists( TT_TEST_OUT_DIR ".tmp-save" ) == false );

	ENSURE( ttWorld_SaveScene( world, NULL ) == ttResult_invalidArgument );
	ENSURE( ttWorld_SaveScene( world, "" ) == ttResult_invalidArgument );
	ENSURE( ttWorld_SaveScene( ttNullWorldId, s_savePath ) == ttResult_invalidId );
	ttDestroyWorld( world );
	ENSURE( ttWorld_SaveScene( world, s_savePath ) == ttResult_invalidId );
	ttSetLogFcn( previous );
}

int main( void )
{
	snprintf( s_savePath, sizeof( s_savePath ), "%s/roundtrip_saved.json", TT_TEST_OUT_DIR );
	CheckAllScenes();
	CheckProgrammaticWorld( false );
	CheckProgrammaticWorld( true );
	CheckBadInput();
	printf( "%s\n", tt_test_failures == 0 ? "PASS" : "FAIL" );
	return tt_test_failures;
}
