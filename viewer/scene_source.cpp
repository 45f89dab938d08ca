// SPDX-License-Identifier: MIT
#include "scene_source.h"

#include "world_draw.h"

#include <algorithm>
#include <filesystem>

bool LoadSceneSource( const std::string& path, ttScene* scene, char* error, int errorSize )
{
	if ( path.empty() || path == "showcase" )
	{
		return ttScene_LoadString( ttScene_ShowcaseJson(), "showcase", scene, error, errorSize );
	}
	return ttScene_LoadFile( path.c_str(), scene, error, errorSize );
}

std::vector<std::string> ListSceneFiles()
{
	namespace fs = std::filesystem;
	std::vector<std::string> files;
	std::error_code ignored;
	for ( fs::path dir : { fs::path( "scenes" ), fs::path( TETHER_SOURCE_DIR ) / "scenes" } )
	{
		if ( fs::is_directory( dir, ignored ) == false )
		{
			continue;
		}
		for ( const fs::directory_entry& entry : fs::directory_iterator( dir, ignored ) )
		{
			if ( entry.path().extension() == ".json" )
			{
				files.push_back( entry.path().string() );
			}
		}
		break;
	}
	std::sort( files.begin(), files.end() );
	return files;
}

void SceneFraming( const ttScene& scene, Vec3f* center, float* radius )
{
	WorldBounds( scene.worldId, center, radius );
	// Leave room for what falls or swings out of the start pose.
	*radius = *radius * 1.1f + 0.3f;
}
