# Fails unless docs/guide.md contains examples/hello_tether.c verbatim.
file(READ ${GUIDE} guide)
file(READ ${EXAMPLE} example)
string(FIND "${guide}" "${example}" position)
if(position EQUAL -1)
  message(FATAL_ERROR "docs/guide.md does not contain examples/hello_tether.c verbatim: update the guide")
endif()
