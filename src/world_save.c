// SPDX-License-Identifier: MIT
// ttWorld_SaveScene: the world as a scene file (docs/scene-format.md) that the scene loader of
// tools/scene.c reads back into the same state. It lives in the library, not beside the loader,
// because most of what it writes (damping, densities, joint options, hull vertices, sleep
// thresholds) has no public getter; the JSON is plain fprintf, so the library stays free of
// dependencies. Numbers are written with 17 significant digits, which read back to the same
// double (and the same float in a float build), so a load, save and load gives the same bits.
#include "world_save.h"
#include "body.h"
#include "core.h"
#include "curve.h"
#include "hull.h"
#include "joint.h"
#include "joint_path.h"
#include "mesh.h"
#include "particle.h"
#include "save_preimage.h"
#include "shape.h"
#include "world.h"

#include "tether/tether.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The loader's names, in the order of the enums (tools/solver_names.c, tools/scene.c).
static const char* const ttSaveJointSolverNames[] = {
    [ttJointSolver_xpbd] = "xpbd", [ttJointSolver_si] = "si", [ttJointSolver_pointmass] = "pointmass" };
static const char* const ttSaveContactSolverNames[] = {
    [ttContactSolver_xpbd] = "xpbd", [ttContactSolver_softStep] = "softStep" };
static const char* const ttSaveBodyTypeNames[] = { "static", "kinematic", "dynamic" };
static const char* const ttSaveShapeTypeNames[] = { "sphere", "capsule", "box",         "plane", "cylinder",
                                                    "hull",   "mesh",    "heightfield", "curve" };
static const char* const ttSaveJointTypeNames[] = { "fixed",    "hinge",   "spherical", "prismatic",
                                                    "distance", "generic", "path" };

// A JSON number that reads back to the same ttReal: %.17g of the value as a double.
void ttWriteReal( FILE* file, ttReal value )
{
	fprintf( file, "%.17g", (double)value );
}

void ttWriteVec3( FILE* file, ttVec3 v )
{
	fputc( '[', file );
	ttWriteReal( file, v.x );
	fputs( ", ", file );
	ttWriteReal( file, v.y );
	fputs( ", ", file );
	ttWriteReal( file, v.z );
	fputc( ']', file );
}

void ttWriteQuat( FILE* file, ttQuat q )
{
	fputc( '[', file );
	ttWriteReal( file, q.x );
	fputs( ", ", file );
	ttWriteReal( file, q.y );
	fputs( ", ", file );
	ttWriteReal( file, q.z );
	fputs( ", ", file );
	ttWriteReal( file, q.w );
	fputc( ']', file );
}

void ttKeyReal( FILE* file, const char* key, ttReal value )
{
	fprintf( file, ", \"%s\": ", key );
	ttWriteReal( file, value );
}

void ttKeyVec3( FILE* file, const char* key, ttVec3 value )
{
	fprintf( file, ", \"%s\": ", key );
	ttWriteVec3( file, value );
}

void ttKeyBool( FILE* file, const char* key, bool value )
{
	fprintf( file, ", \"%s\": %s", key, value ? "true" : "false" );
}

static bool ttIsIdentityQuat( ttQuat q )
{
	return q.x == 0 && q.y == 0 && q.z == 0 && q.w == 1;
}

static bool ttSameQuat( ttQuat a, ttQuat b )
{
	return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
}

static ttReal ttStepUlp( ttReal value, int direction )
{
#if defined( TT_USE_FLOAT )
	return direction == 0 ? value : nextafterf( value, direction > 0 ? TT_HUGE : -TT_HUGE );
#else
	return direction == 0 ? value : nextafter( value, direction > 0 ? TT_HUGE : -TT_HUGE );
#endif
}

// A quaternion that the loader turns back into q. The loader normalises a rotation it reads and
// ttCreateBody normalises it again; normalising a unit quaternion can move it by an ulp, so
// when q itself does not survive that, a neighbour within one ulp per component that does is
// written instead (one nearly always exists; otherwise q, off by an ulp).
static ttQuat ttLoadablePreimage( ttQuat q )
{
	if ( ttSameQuat( ttQuatNormalize( ttQuatNormalize( q ) ), q ) )
	{
		return q;
	}
	for ( int k = 1; k < 81; ++k )
	{
		int d[4] = { k % 3 - 1, ( k / 3 ) % 3 - 1, ( k / 9 ) % 3 - 1, ( k / 27 ) % 3 - 1 };
		ttQuat c = { ttStepUlp( q.x, d[0] ), ttStepUlp( q.y, d[1] ), ttStepUlp( q.z, d[2] ), ttStepUlp( q.w, d[3] ) };
		if ( ttSameQuat( ttQuatNormalize( ttQuatNormalize( c ) ), q ) )
		{
			return c;
		}
	}
	return q;
}

// ---------------------------------------------------------------------------------------------
// World settings

static void ttSaveWorldSettings( FILE* file, ttWorld* world, ttWorldId worldId )
{
	fputs( "  \"world\": {\n    \"gravity\": ", file );
	ttWriteVec3( file, world->gravity );
	fprintf( file, ", \"substeps\": %d, \"iterations\": %d", world->substeps, world->iterations );
	ttKeyBool( file, "contacts", world->enableContacts );
	ttKeyReal( file, "contactCompliance", world->contactCompliance );
	ttKeyReal( file, "maxPushoutSpeed", world->maxPushoutSpeed );
	fputs( "\n   ", file );
	ttKeyReal( file, "restitutionThresholdScale", world->restitutionThresholdScale );
	ttKeyReal( file, "maxRotationPerSubstep", world->maxRotationPerSubstep );
	fputs( "\n   ", file );
	ttKeyBool( file, "sleep", world->enableSleep );
	ttKeyReal( file, "timeToSleep", world->timeToSleep );
	ttKeyReal( file, "linearSleepThreshold", world->linearSleepThreshold );
	ttKeyReal( file, "angularSleepThreshold", world->angularSleepThreshold );
	fprintf( file, ",\n    \"jointSolver\": \"%s\", \"contactSolver\": \"%s\"",
	         ttSaveJointSolverNames[world->jointSolver], ttSaveContactSolverNames[world->contactSolver] );
	ttKeyReal( file, "contactHertz", world->contactHertz );
	ttKeyReal( file, "contactDampingRatio", world->contactDampingRatio );
	fputs( "\n   ", file );
	ttKeyReal( file, "jointHertz", world->jointHertz );
	ttKeyReal( file, "jointDampingRatio", world->jointDampingRatio );
	ttKeyReal( file, "jointBaumgarte", world->jointBaumgarte );
	ttKeyReal( file, "jointCfm", world->jointCfm );
	ttKeyBool( file, "jointTreeSolve", world->jointTreeSolve );
	ttKeyBool( file, "jointJacobi", world->jointJacobi );
	fputs( ",\n    \"longRange\": {", file );
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		fprintf( file, "%s\"%s\": %s", i > 0 ? ", " : " ", ttLongRangeFeatureName( (ttLongRangeFeature)i ),
		         world->enableLongRange[i] ? "true" : "false" );
	}
	fprintf( file, " },\n    \"longRangeLevels\": %d, \"longRangeBounds\": {", ttWorld_GetLongRangeLevels( worldId ) );
	static const ttLongRangeFeature boundFeatures[] = { ttLongRange_attachments, ttLongRange_hierarchy };
	for ( int i = 0; i < 2; ++i )
	{
		ttLongRangeBoundSettings bounds = ttWorld_GetLongRangeBounds( worldId, boundFeatures[i] );
		fprintf( file, "%s\"%s\": { \"upperCompliance\": ", i > 0 ? ", " : " ",
		         ttLongRangeFeatureName( boundFeatures[i] ) );
		ttWriteReal( file, bounds.upperCompliance );
		ttKeyReal( file, "lowerCompliance", bounds.lowerCompliance );
		ttKeyBool( file, "upperAsLower", bounds.upperAsLower );
		fputs( " }", file );
	}
	fputs( " }\n  },\n", file );
}

// ---------------------------------------------------------------------------------------------
// Bodies and shapes

// The scene name of each body: its own name where the loader accepts it and no other body has it,
// else "body<index>". Names are what the joints refer to.
typedef struct ttSaveNames
{
	char ( *names )[40];
	int count;
} ttSaveNames;

static bool ttIsSceneName( const char* name )
{
	if ( name[0] == '\0' || strncmp( name, "body", 4 ) == 0 )
	{
		return false; // "body<i>" is reserved for generated names, so they cannot collide
	}
	for ( const char* c = name; *c != '\0'; ++c )
	{
		if ( (unsigned char)*c < 0x20 || *c == '"' || *c == ',' || *c == '\\' || (unsigned char)*c >= 0x7f )
		{
			return false;
		}
	}
	return true;
}

static int ttCompareNames( const void* a, const void* b )
{
	return strcmp( (const char*)a, (const char*)b );
}

static bool ttSaveNames_Build( ttSaveNames* names, ttWorld* world )
{
	int count = world->bodies.count;
	names->count = count;
	names->names = ttAlloc( sizeof( *names->names ) * (size_t)( count > 0 ? count : 1 ) );
	char( *sorted )[40] = ttAlloc( sizeof( *sorted ) * (size_t)( count > 0 ? count : 1 ) );
	if ( names->names == NULL || sorted == NULL )
	{
		ttFree( sorted );
		return false;
	}
	int sortedCount = 0;
	for ( int i = 0; i < count; ++i )
	{
		const ttBody* body = ttWorld_Body( world, i );
		names->names[i][0] = '\0';
		if ( world->bodies.used[i] && ttIsSceneName( body->name ) )
		{
			snprintf( sorted[sortedCount++], sizeof( sorted[0] ), "%s", body->name );
		}
	}
	qsort( sorted, (size_t)sortedCount, sizeof( sorted[0] ), ttCompareNames );
	for ( int i = 0; i < count; ++i )
	{
		const ttBody* body = ttWorld_Body( world, i );
		bool unique = false;
		if ( world->bodies.used[i] && ttIsSceneName( body->name ) )
		{
			char( *hit )[40] = bsearch( body->name, sorted, (size_t)sortedCount, sizeof( sorted[0] ), ttCompareNames );
			bool before = hit > sorted && strcmp( hit[-1], body->name ) == 0;
			bool after = hit + 1 < sorted + sortedCount && strcmp( hit[1], body->name ) == 0;
			unique = before == false && after == false;
		}
		if ( unique )
		{
			snprintf( names->names[i], sizeof( names->names[i] ), "%s", body->name );
		}
		else
		{
			snprintf( names->names[i], sizeof( names->names[i] ), "body%d", i );
		}
	}
	ttFree( sorted );
	return true;
}

static void ttSaveShapeGeometry( FILE* file, const ttShape* shape )
{
	switch ( shape->type )
	{
		case ttShape_sphere:
			ttKeyReal( file, "radius", shape->sphere.radius );
			break;
		case ttShape_capsule:
			ttKeyReal( file, "radius", shape->capsule.radius );
			ttKeyVec3( file, "center1", shape->capsule.center1 );
			ttKeyVec3( file, "center2", shape->capsule.center2 );
			break;
		case ttShape_box:
			ttKeyVec3( file, "halfExtents", shape->box.halfExtents );
			break;
		case ttShape_plane:
			ttKeyVec3( file, "normal", shape->plane.normal );
			ttKeyReal( file, "offset", shape->plane.offset );
			break;
		case ttShape_cylinder:
			ttKeyReal( file, "radius", shape->cylinder.radius );
			ttKeyReal( file, "halfHeight", shape->cylinder.halfHeight );
			break;
		case ttShape_hull:
			// The hull's own vertices: quickhull over them gives them back.
			fputs( ", \"points\": [", file );
			for ( int i = 0; i < shape->hull->vertexCount; ++i )
			{
				fputs( i > 0 ? ", " : "", file );
				ttWriteVec3( file, shape->hull->vertices[i] );
			}
			fputc( ']', file );
			break;
		case ttShape_heightfield:
		{
			// Heights as the vertices' y with a unit y scale, so that nothing is divided and
			// multiplied back; vertices are row-major (mesh.c).
			const ttMeshData* mesh = shape->mesh;
			fputs( ", \"heights\": [", file );
			for ( int row = 0; row < mesh->rowCount; ++row )
			{
				fputs( row > 0 ? ", [" : "[", file );
				for ( int column = 0; column < mesh->columnCount; ++column )
				{
					fputs( column > 0 ? ", " : "", file );
					ttWriteReal( file, mesh->vertices[row * mesh->columnCount + column].y );
				}
				fputc( ']', file );
			}
			fputs( "]", file );
			ttKeyVec3( file, "scale", ( ttVec3 ){ mesh->scale.x, 1, mesh->scale.z } );
			break;
		}
		case ttShape_mesh:
		{
			const ttMeshData* mesh = shape->mesh;
			fputs( ", \"vertices\": [", file );
			for ( int i = 0; i < mesh->vertexCount; ++i )
			{
				fputs( i > 0 ? ", " : "", file );
				ttWriteVec3( file, mesh->vertices[i] );
			}
			fputs( "], \"triangles\": [", file );
			for ( int t = 0; t < mesh->triangleCount; ++t )
			{
				const int* index = mesh->indices + 3 * t;
				fprintf( file, "%s[%d, %d, %d]", t > 0 ? ", " : "", index[0], index[1], index[2] );
			}
			fputc( ']', file );
			break;
		}
		case ttShape_curve:
		{
			// The points the curve was made from, not its samples: the loader samples them again.
			int count = 0;
			bool closed = false, smooth = false;
			const ttVec3* points = ttCurve_GetControlPoints( shape->curve.samples, &count, &closed, &smooth );
			fputs( ", \"points\": [", file );
			for ( int i = 0; i < count; ++i )
			{
				fputs( i > 0 ? ", " : "", file );
				ttWriteVec3( file, points[i] );
			}
			fputc( ']', file );
			ttKeyReal( file, "radius", shape->curve.radius );
			fprintf( file, ", \"closed\": %s, \"smooth\": %s", closed ? "true" : "false", smooth ? "true" : "false" );
			break;
		}
		default:
			break;
	}
}

static void ttSaveShape( FILE* file, const ttShape* shape, bool first )
{
	fprintf( file, "%s\n        { \"type\": \"%s\"", first ? "" : ",", ttSaveShapeTypeNames[shape->type] );
	ttKeyVec3( file, "position", shape->localTransform.p );
	fputs( ", \"rotation\": ", file );
	ttWriteQuat( file, ttLoadablePreimage( shape->localTransform.q ) );
	ttKeyReal( file, "density", shape->density );
	ttKeyReal( file, "friction", shape->staticFriction );
	ttKeyReal( file, "dynamicFriction", shape->dynamicFriction );
	ttKeyReal( file, "restitution", shape->restitution );
	// Bits as whole numbers only when they fit a double exactly; else as lists of bit indices.
	const char* bitKeys[2] = { "categoryBits", "maskBits" };
	uint64_t bits[2] = { shape->filter.categoryBits, shape->filter.maskBits };
	for ( int k = 0; k < 2; ++k )
	{
		fprintf( file, ", \"%s\": [", bitKeys[k] );
		bool any = false;
		for ( int b = 0; b < 64; ++b )
		{
			if ( bits[k] & ( (uint64_t)1 << b ) )
			{
				fprintf( file, "%s%d", any ? ", " : "", b );
				any = true;
			}
		}
		fputc( ']', file );
	}
	fprintf( file, ", \"groupIndex\": %d", (int)shape->filter.groupIndex );
	ttSaveShapeGeometry( file, shape );
	fputs( " }", file );
}

// Shapes are kept newest first; they are written in the order they were created so that the
// reloaded body sums its mass in the same order.
static void ttSaveShapes( FILE* file, ttWorld* world, const ttBody* body )
{
	int count = 0;
	for ( int s = body->shapeHead; s >= 0; s = ttWorld_Shape( world, s )->nextShape )
	{
		++count;
	}
	fputs( ", \"shapes\": [", file );
	for ( int k = count - 1; k >= 0; --k )
	{
		int s = body->shapeHead;
		for ( int step = 0; step < k; ++step )
		{
			s = ttWorld_Shape( world, s )->nextShape;
		}
		ttSaveShape( file, ttWorld_Shape( world, s ), k == count - 1 );
	}
	fputs( count > 0 ? "\n      ]" : "]", file );
}

// The mass is written when the user set it; else the reloaded shapes derive the same mass. A
// dynamic body without massive shapes (the library's unit stand-in) gets its mass written too,
// since the loader asks for it explicitly.
static bool ttBody_HasShapeMass( ttWorld* world, const ttBody* body )
{
	for ( int s = body->shapeHead; s >= 0; s = ttWorld_Shape( world, s )->nextShape )
	{
		const ttShape* shape = ttWorld_Shape( world, s );
		if ( shape->type != ttShape_plane && shape->type != ttShape_mesh && shape->type != ttShape_heightfield &&
		     shape->density > 0 )
		{
			return true;
		}
	}
	return false;
}

static void ttSaveBody( FILE* file, ttWorld* world, int index, const char* name, bool first )
{
	const ttBody* body = ttWorld_Body( world, index );
	// The user's frame, and the velocity of the body origin (the file's meaning), as the numbers
	// whose load gives the solver's state back bit for bit (save_preimage.h).
	ttVec3 center = ttBody_Center( body );
	ttQuat rotation = ttSavePreimage_Rotation( body->q, body->principalRotation );
	ttVec3 origin = ttSavePreimage_Origin( center, ttSavePreimage_LoadedRotation( rotation ), body->localCenter );
	ttVec3 originVelocity = ttSavePreimage_OriginVelocity( body->v, body->w, center, origin );
	fprintf( file, "%s\n    { \"name\": \"%s\", \"type\": \"%s\"", first ? "" : ",", name,
	         ttSaveBodyTypeNames[body->type] );
	ttKeyVec3( file, "position", origin );
	fputs( ", \"rotation\": ", file );
	ttWriteQuat( file, rotation );
	fputs( ",\n      ", file );
	fputs( "\"linearVelocity\": ", file );
	ttWriteVec3( file, originVelocity );
	ttKeyVec3( file, "angularVelocity", body->w );
	ttKeyReal( file, "linearDamping", body->linearDamping );
	ttKeyReal( file, "angularDamping", body->angularDamping );
	ttKeyReal( file, "gravityScale", body->gravityScale );
	ttKeyBool( file, "fixedRotation", body->fixedRotation );
	ttKeyBool( file, "sleep", body->enableSleep );
	ttKeyBool( file, "awake", ttBody_IsSleeping( body ) == false );
	if ( body->type == ttBody_dynamic && ( body->massOverridden || ttBody_HasShapeMass( world, body ) == false ) )
	{
		fputs( ",\n      ", file );
		fputs( "\"mass\": ", file );
		ttWriteReal( file, body->mass );
		ttKeyVec3( file, "center", body->localCenter );
		ttKeyVec3( file, "inertia", body->inertia );
		if ( ttIsIdentityQuat( body->principalRotation ) == false )
		{
			fputs( ", \"inertiaRotation\": ", file );
			ttWriteQuat( file, body->principalRotation );
		}
	}
	if ( ttSavePreimage_Reproduces( body->q, center, body->v, body->w, body->principalRotation, body->localCenter,
	                                rotation, origin, originVelocity ) == false )
	{
		fputs( ",\n      \"solverFrame\": { \"center\": ", file );
		ttWriteVec3( file, center );
		fputs( ", \"rotation\": ", file );
		ttWriteQuat( file, body->q );
		ttKeyVec3( file, "velocity", body->v );
		fputs( " }", file );
	}
	ttSaveShapes( file, world, body );
	fputs( " }", file );
}

// ---------------------------------------------------------------------------------------------
// Joints

static void ttSaveFrame( FILE* file, const char* key, ttTransform frame )
{
	fprintf( file, ", \"%s\": { \"position\": ", key );
	ttWriteVec3( file, frame.p );
	fputs( ", \"rotation\": ", file );
	ttWriteQuat( file, ttLoadablePreimage( frame.q ) );
	fputs( " }", file );
}

static void ttSaveJointOptions( FILE* file, const ttJoint* joint )
{
	switch ( joint->type )
	{
		case ttJoint_hinge:
		{
			const ttHingeJointDef* d = &joint->hinge;
			ttKeyBool( file, "enableLimit", d->enableLimit );
			ttKeyReal( file, "lowerAngle", d->lowerAngle );
			ttKeyReal( file, "upperAngle", d->upperAngle );
			ttKeyReal( file, "limitCompliance", d->limitCompliance );
			ttKeyBool( file, "enableTarget", d->enableTarget );
			ttKeyReal( file, "targetAngle", d->targetAngle );
			ttKeyReal( file, "targetCompliance", d->targetCompliance );
			ttKeyBool( file, "enableMotor", d->enableMotor );
			ttKeyReal( file, "motorSpeed", d->motorSpeed );
			ttKeyReal( file, "maxMotorTorque", d->maxMotorTorque );
			ttKeyReal( file, "motorCompliance", d->motorCompliance );
			break;
		}
		case ttJoint_spherical:
		{
			const ttSphericalJointDef* d = &joint->spherical;
			ttKeyBool( file, "enableSwingLimit", d->enableSwingLimit );
			ttKeyReal( file, "maxSwingAngle", d->maxSwingAngle );
			ttKeyReal( file, "swingCompliance", d->swingCompliance );
			ttKeyBool( file, "enableTwistLimit", d->enableTwistLimit );
			ttKeyReal( file, "lowerTwistAngle", d->lowerTwistAngle );
			ttKeyReal( file, "upperTwistAngle", d->upperTwistAngle );
			ttKeyReal( file, "twistCompliance", d->twistCompliance );
			break;
		}
		case ttJoint_prismatic:
		{
			const ttPrismaticJointDef* d = &joint->prismatic;
			ttKeyBool( file, "enableLimit", d->enableLimit );
			ttKeyReal( file, "lowerTranslation", d->lowerTranslation );
			ttKeyReal( file, "upperTranslation", d->upperTranslation );
			ttKeyBool( file, "enableDrive", d->enableDrive );
			ttKeyReal( file, "targetTranslation", d->targetTranslation );
			ttKeyReal( file, "driveCompliance", d->driveCompliance );
			ttKeyReal( file, "maxDriveForce", d->maxDriveForce );
			ttKeyReal( file, "driveForce", d->driveForce );
			break;
		}
		case ttJoint_distance:
			ttKeyReal( file, "minLength", joint->distance.minLength );
			ttKeyReal( file, "maxLength", joint->distance.maxLength );
			ttKeyReal( file, "compliance", joint->distance.compliance );
			break;
		case ttJoint_generic:
			ttKeyVec3( file, "lowerTranslation", joint->generic.lowerTranslation );
			ttKeyVec3( file, "upperTranslation", joint->generic.upperTranslation );
			ttKeyBool( file, "lockRotation", joint->generic.lockRotation );
			break;
		case ttJoint_path:
		{
			const ttPathJointDef* d = &joint->path;
			int count;
			bool closed, smooth;
			const ttVec3* points = ttCurve_GetControlPoints( joint->curve, &count, &closed, &smooth );
			// In body A's coordinates as the joint keeps them ("localPoints"), not the world
			// points of the loader's "points", which would be transformed twice.
			fputs( ",\n      \"localPoints\": [", file );
			for ( int i = 0; i < count; ++i )
			{
				fputs( i > 0 ? ", " : "", file );
				ttWriteVec3( file, points[i] );
			}
			fputc( ']', file );
			ttKeyBool( file, "closed", closed );
			ttKeyBool( file, "smooth", smooth );
			ttKeyBool( file, "enableLimit", d->enableLimit );
			ttKeyReal( file, "lowerPosition", d->lowerPosition );
			ttKeyReal( file, "upperPosition", d->upperPosition );
			ttKeyBool( file, "enableMotor", d->enableMotor );
			ttKeyReal( file, "motorSpeed", d->motorSpeed );
			ttKeyReal( file, "maxMotorForce", d->maxMotorForce );
			break;
		}
		default:
			break;
	}
}

static void ttSaveJoint( FILE* file, ttWorld* world, const ttJoint* joint, const ttSaveNames* names, bool first )
{
	fprintf( file, "%s\n    { \"type\": \"%s\"", first ? "" : ",", ttSaveJointTypeNames[joint->type] );
	if ( joint->bodyA != world->groundBody )
	{
		fprintf( file, ", \"bodyA\": \"%s\"", names->names[joint->bodyA] );
	}
	fprintf( file, ", \"bodyB\": \"%s\"", names->names[joint->bodyB] );
	fputs( "\n     ", file );
	ttSaveFrame( file, "frameA", joint->localFrameA );
	ttSaveFrame( file, "frameB", joint->localFrameB );
	fputs( "\n     ", file );
	ttKeyReal( file, "linearCompliance", joint->linearCompliance );
	ttKeyReal( file, "angularCompliance", joint->angularCompliance );
	ttKeyReal( file, "linearDamping", joint->linearDamping );
	ttKeyReal( file, "angularDamping", joint->angularDamping );
	ttKeyReal( file, "breakForce", joint->breakForce );
	ttKeyReal( file, "breakTorque", joint->breakTorque );
	ttKeyBool( file, "collideConnected", joint->collideConnected );
	ttSaveJointOptions( file, joint );
	fputs( " }", file );
}

// ---------------------------------------------------------------------------------------------
// The file

// False when memory ran out (the file is incomplete).
static bool ttSaveWorld( FILE* file, ttWorld* world, ttWorldId worldId, const ttSaveNames* names )
{
	fputs( "{\n  \"_comment\": \"written by ttWorld_SaveScene\",\n", file );
	ttSaveWorldSettings( file, world, worldId );
	fputs( "  \"bodies\": [", file );
	bool first = true;
	for ( int i = 0; i < world->bodies.count; ++i )
	{
		if ( world->bodies.used[i] && i != world->groundBody )
		{
			ttSaveBody( file, world, i, names->names[i], first );
			first = false;
		}
	}
	fputs( "\n  ],\n  \"joints\": [", file );
	first = true;
	for ( int i = 0; i < world->joints.count; ++i )
	{
		if ( world->joints.used[i] )
		{
			ttSaveJoint( file, world, ttWorld_Joint( world, i ), names, first );
			first = false;
		}
	}
	fputs( "\n  ]", file );
	bool complete = ttSaveParticles( file, world, (const char( * )[40])names->names );
	fputs( "\n}\n", file );
	return complete;
}

ttResult ttWorld_SaveScene( ttWorldId worldId, const char* path )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( path == NULL || path[0] == '\0' )
	{
		TT_ERROR( "path is NULL or empty" );
		return ttResult_invalidArgument;
	}
	// Written beside the target and renamed over it at the end: a failure leaves no half file.
	size_t length = strlen( path );
	char* temporary = ttAlloc( length + 16 );
	ttSaveNames names = { NULL, 0 };
	if ( temporary == NULL || ttSaveNames_Build( &names, world ) == false )
	{
		ttFree( temporary );
		ttFree( names.names );
		TT_ERROR( "out of memory" );
		return ttResult_outOfMemory;
	}
	snprintf( temporary, length + 16, "%s.tmp-save", path );
	ttResult result = ttResult_ok;
	FILE* file = fopen( temporary, "w" );
	if ( file == NULL )
	{
		TT_ERROR( "cannot write '%s': %s", path, strerror( errno ) );
		result = ttResult_ioError;
	}
	else
	{
		bool complete = ttSaveWorld( file, world, worldId, &names );
		bool written = ferror( file ) == 0;
		int error = errno;
		written = fclose( file ) == 0 && written;
		if ( complete == false )
		{
			TT_ERROR( "out of memory: nothing written" );
			remove( temporary );
			result = ttResult_outOfMemory;
		}
		else if ( written == false || rename( temporary, path ) != 0 )
		{
			error = written ? errno : error;
			TT_ERROR( "cannot write '%s': %s", path, strerror( error ) );
			remove( temporary );
			result = ttResult_ioError;
		}
	}
	ttFree( temporary );
	ttFree( names.names );
	return result;
}
