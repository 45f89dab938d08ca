// SPDX-License-Identifier: MIT
// Where scenes come from: a JSON file, or the built-in showcase when no file is named.
#pragma once

#include "tools_api.h"

#include <string>
#include <vector>

/// Load a scene file, or the built-in showcase when path is empty or "showcase".
bool LoadSceneSource( const std::string& path, ttScene* scene, char* error, int errorSize );
/// The scene files the viewer offers: scenes/*.json under the working directory, else under the
/// source tree the program was built from; sorted.
std::vector<std::string> ListSceneFiles();
