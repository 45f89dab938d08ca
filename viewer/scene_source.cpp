// SPDX-License-Identifier: MIT
#include "scene_source.h"

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
