<?php
// deprecated
