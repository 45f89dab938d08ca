// SPDX-License-Identifier: MIT
// "particleConstraints" of scene files (docs/scene-format.md, "Particles"): constraints on the
// loose particles of the same file, named by their place in its "particles" array, with an
// optional rest state. ttWorld_SaveScene writes every particle world this way, with the rest
// states it holds, so that the load gives it back bit for bit.
#include "scene_internal.h"

#include <math.h>
#include <stdlib.h>

static const char* const ttConstraintTypeNames[] = { "distance", "bending",    "volume",
                                                     "area",     "shapeMatch", "attachment" };
static const char* const ttRestConstraintKeys[] = { "type", "particles", "rest", "compliance", NULL };
static const char* const ttShapeMatchKeys[] = { "type", "particles", "restOffsets", "rotation", "compliance", NULL };
static const char* const ttAttachmentKeys[] = { "type", "particle", "body", "point", "compliance", NULL };

// object[key] as `count` places in the loose particles (count 0: any number from 2 up), their ids
// in ids (malloc'd, for the caller to free).
static bool ttLoader_ParticleList( ttSceneLoader* loader, const cJSON* object, const char* key,
                                   const ttParticleGroup* loose, int count, ttParticleId** ids, int* found )
{
	ttSceneReader* r = &loader->reader;
	const cJSON* array = cJSON_GetObjectItemCaseSensitive( object, key );
	int size = cJSON_IsArray( array ) ? cJSON_GetArraySize( array ) : -1;
	int available = loose != NULL ? loose->particleCount : 0;
	if ( ( count > 0 && size != count ) || ( count == 0 && size < 2 ) )
	{
		return count > 0 ? ttReader_Fail( r, key, "must be an array of %d particle indices", count )
		                 : ttReader_Fail( r, key, "must be an array of at least 2 particle indices" );
	}
	*ids = malloc( sizeof( ttParticleId ) * (size_t)size );
	if ( *ids == NULL )
	{
		return ttReader_Fail( r, key, "out of memory" );
	}
	int i = 0;
	const cJSON* entry;
	cJSON_ArrayForEach( entry, array )
	{
		double v = cJSON_IsNumber( entry ) ? entry->valuedouble : -1;
		if ( v < 0 || v >= available || floor( v ) != v )
		{
			return ttReader_Fail( r, key, "entry %d must be a whole number in [0, %d): a place in \"particles\"", i,
			                      available );
		}
		( *ids )[i++] = loose->particles[(int)v];
	}
	*found = size;
	return true;
}

static bool ttLoader_RestConstraint( ttSceneLoader* loader, const cJSON* item, int type, const ttParticleGroup* loose,
                                     ttReal compliance, ttParticleConstraintId* id )
{
	ttSceneReader* r = &loader->reader;
	ttWorldId world = loader->scene->worldId;
	int width = type == ttParticleConstraint_distance ? 2 : type == ttParticleConstraint_area ? 3 : 4;
	ttParticleId* ids = NULL;
	int count = 0;
	bool ok = ttReader_CheckKeys( r, item, ttRestConstraintKeys ) &&
	          ttLoader_ParticleList( loader, item, "particles", loose, width, &ids, &count );
	ttReal rest = -1;
	bool hasRest = ttReader_Has( item, "rest" );
	ok = ok && ttReader_Number( r, item, "rest", ttRange_any, &rest );
	if ( ok )
	{
		switch ( type )
		{
			case ttParticleConstraint_distance:
				*id = ttCreateParticleDistance( world, ids[0], ids[1], -1, compliance ); // rest set below
				break;
			case ttParticleConstraint_bending:
				*id = ttCreateParticleBending( world, ids, compliance );
				break;
			case ttParticleConstraint_volume:
				*id = ttCreateParticleVolume( world, ids, compliance );
				break;
			default:
				*id = ttCreateParticleArea( world, ids, compliance );
				break;
		}
		static const char* const calls[] = { "ttCreateParticleDistance", "ttCreateParticleBending",
		                                     "ttCreateParticleVolume", "ttCreateParticleArea" };
		ok = TT_IS_NON_NULL( *id ) || ttLoader_LibraryError( loader, NULL, calls[type] );
	}
	if ( ok && hasRest && ttParticleConstraint_SetRest( *id, rest ) != ttResult_ok )
	{
		ok = ttLoader_LibraryError( loader, "rest", "ttParticleConstraint_SetRest" );
	}
	free( ids );
	return ok;
}

static bool ttLoader_ShapeMatch( ttSceneLoader* loader, const cJSON* item, const ttParticleGroup* loose,
                                 ttReal compliance, ttParticleConstraintId* id )
{
	ttSceneReader* r = &loader->reader;
	ttParticleId* ids = NULL;
	ttVec3* offsets = NULL;
	int count = 0, offsetCount = 0;
	bool ok = ttReader_CheckKeys( r, item, ttShapeMatchKeys ) &&
	          ttLoader_ParticleList( loader, item, "particles", loose, 0, &ids, &count );
	if ( ok )
	{
		*id = ttCreateParticleShapeMatch( loader->scene->worldId, ids, count, compliance );
		ok = TT_IS_NON_NULL( *id ) || ttLoader_LibraryError( loader, NULL, "ttCreateParticleShapeMatch" );
	}
	bool hasOffsets = ttReader_Has( item, "restOffsets" );
	if ( ok && hasOffsets != ttReader_Has( item, "rotation" ) )
	{
		ok = ttReader_Fail( r, hasOffsets ? "rotation" : "restOffsets", "goes with %s: give both or neither",
		                    hasOffsets ? "restOffsets" : "rotation" );
	}
	if ( ok && hasOffsets )
	{
		ttQuat rotation = { 0, 0, 0, 1 };
		ok = ttReader_Points( r, item, "restOffsets", count, count, &offsets, &offsetCount ) &&
		     ttReader_QuaternionAsWritten( r, item, "rotation", &rotation );
		if ( ok && ttParticleShapeMatch_SetRestShape( *id, offsets, offsetCount, rotation ) != ttResult_ok )
		{
			ok = ttLoader_LibraryError( loader, "restOffsets", "ttParticleShapeMatch_SetRestShape" );
		}
	}
	free( ids );
	free( offsets );
	return ok;
}

static bool ttLoader_Attachment( ttSceneLoader* loader, const cJSON* item, const ttParticleGroup* loose,
                                 ttReal compliance, ttParticleConstraintId* id )
{
	ttSceneReader* r = &loader->reader;
	int place = 0;
	ttBodyId body = ttNullBodyId;
	int available = loose != NULL ? loose->particleCount : 0;
	bool ok = ttReader_CheckKeys( r, item, ttAttachmentKeys ) && ttLoader_BodyRef( loader, item, "body", false, &body );
	if ( ok && ttReader_Has( item, "particle" ) == false )
	{
		ok = ttReader_Fail( r, "particle", "is required: a place in \"particles\"" );
	}
	if ( ok && available == 0 )
	{
		ok = ttReader_Fail( r, "particle", "names a place in \"particles\", which has none" );
	}
	ok = ok && ttReader_Int( r, item, "particle", 0, available - 1, &place );
	if ( ok )
	{
		ttParticleId particle = loose->particles[place];
		ttVec3 point = ttBody_GetLocalPoint( body, ttParticle_GetPosition( particle ) );
		ok = ttReader_Vec3( r, item, "point", ttRange_any, &point );
		*id = ok ? ttCreateParticleAttachment( loader->scene->worldId, particle, body, point, compliance )
		         : ttNullParticleConstraintId;
		ok = ok && ( TT_IS_NON_NULL( *id ) || ttLoader_LibraryError( loader, NULL, "ttCreateParticleAttachment" ) );
	}
	return ok;
}

static bool ttLoader_ParticleConstraint( ttSceneLoader* loader, const cJSON* item, const ttParticleGroup* loose )
{
	ttSceneReader* r = &loader->reader;
	int type = -1;
	ttReal compliance = 0;
	if ( ttReader_IsObject( r, item, NULL ) == false )
	{
		return false;
	}
	if ( ttReader_Has( item, "type" ) == false )
	{
		return ttReader_Fail( r, "type", "is required: distance, bending, volume, area, shapeMatch or attachment" );
	}
	bool ok = ttLoader_Enum( loader, item, "type", ttConstraintTypeNames, 6, false, &type ) &&
	          ttReader_Number( r, item, "compliance", ttRange_nonNegative, &compliance );
	ttParticleConstraintId id = ttNullParticleConstraintId;
	if ( ok == false )
	{
		return false;
	}
	switch ( type )
	{
		case ttParticleConstraint_shapeMatch:
			return ttLoader_ShapeMatch( loader, item, loose, compliance, &id );
		case ttParticleConstraint_attachment:
			return ttLoader_Attachment( loader, item, loose, compliance, &id );
		default:
			return ttLoader_RestConstraint( loader, item, type, loose, compliance, &id );
	}
}

bool ttLoader_ParticleConstraints( ttSceneLoader* loader, const cJSON* root, const ttParticleGroup* loose )
{
	ttSceneReader* r = &loader->reader;
	const cJSON* array = cJSON_GetObjectItemCaseSensitive( root, "particleConstraints" );
	if ( array == NULL )
	{
		return true;
	}
	if ( cJSON_IsArray( array ) == false )
	{
		return ttReader_Fail( r, "particleConstraints", "must be an array [ {...}, ... ]" );
	}
	int saved = ttReader_PushKey( r, "particleConstraints" );
	bool ok = true;
	int index = 0;
	const cJSON* item;
	cJSON_ArrayForEach( item, array )
	{
		int savedIndex = ttReader_PushIndex( r, index++ );
		ok = ttLoader_ParticleConstraint( loader, item, loose );
		ttReader_Pop( r, savedIndex );
		if ( ok == false )
		{
			break;
		}
	}
	ttReader_Pop( r, saved );
	return ok;
}
